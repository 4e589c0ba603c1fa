import { describe, expect, it } from 'vitest';
import {
  clientEventNames,
  PICKUP_EVENTS,
  PRODUCT_EVENTS,
  parseClientEvent,
  parseServerEvent,
  serverEventNames,
  socketAuthSchema,
} from './realtime-events';

describe('realtime events', () => {
  it("covers every pickup event as spelt on the wire, the product's own, and no other", () => {
    const all = new Set<string>([...serverEventNames, ...clientEventNames]);
    expect([...all].sort()).toEqual([...PICKUP_EVENTS, ...PRODUCT_EVENTS].sort());
    expect(PICKUP_EVENTS).toHaveLength(27);
  });

  it('validates what browsers send', () => {
    const pickupId = '22222222-2222-4222-8222-222222222222';
    expect(parseClientEvent('pickupConfirmationResponse', { pickupId, action: 'Approve' })).toEqual({
      ok: true,
      data: { pickupId, action: 'Approve' },
    });
    const bad = parseClientEvent('pickupConfirmationResponse', { pickupId, action: 'Delivered' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.message).toContain("'action'");
    expect(parseClientEvent('requestConfirmationStaff', { orderId: 'nope' }).ok).toBe(false);
    expect(parseClientEvent('StaffCancelRequest', { pickupId })).toEqual({
      ok: true,
      data: { pickupId, reason: 'cancel' },
    });
  });

  it('validates what the server sends', () => {
    expect(
      parseServerEvent('staffConfirm', { pickupId: 'x', orderId: 'y', orderNumber: 'A', deliveredAt: 'z' }).ok,
    ).toBe(false);
    expect(parseServerEvent('pickupError', { event: 'pingClient', message: 'No such request' }).ok).toBe(true);
  });

  it('reads the handshake auth: platform mobile or web, token optional', () => {
    expect(socketAuthSchema.parse({})).toEqual({ platform: 'web' });
    expect(socketAuthSchema.parse({ token: 't', platform: 'mobile' })).toEqual({ token: 't', platform: 'mobile' });
    expect(socketAuthSchema.safeParse({ platform: 'ios' }).success).toBe(false);
  });
});
