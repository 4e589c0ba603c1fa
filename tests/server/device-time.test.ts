// A moment a device gives is read against when it says it sent the call: its clock cannot move it.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { onServerClock } from '../../src/server/lib/device-time';

const sentAt = (iso?: string) => ({ headers: iso ? { 'x-sent-at': iso } : {} }) as unknown as FastifyRequest;
const now = Date.parse('2026-11-29T12:00:00.000Z');

describe('a moment on the server’s clock', () => {
  it('keeps how long before the sending the action was taken, whatever the device’s clock says', () => {
    // A phone two hours behind, the step sent at once: now.
    expect(onServerClock(sentAt('2026-11-29T10:00:00.000Z'), '2026-11-29T10:00:00.000Z', now)).toBe(
      '2026-11-29T12:00:00.000Z',
    );
    // The same phone's queue sends, 25 minutes later, a step taken then: 25 minutes ago.
    expect(onServerClock(sentAt('2026-11-29T10:25:00.000Z'), '2026-11-29T10:00:00.000Z', now)).toBe(
      '2026-11-29T11:35:00.000Z',
    );
    // A moment after the sending (a clock moved forward meanwhile) is now, not the future.
    expect(onServerClock(sentAt('2026-11-29T10:00:00.000Z'), '2026-11-29T10:30:00.000Z', now)).toBe(
      '2026-11-29T12:00:00.000Z',
    );
  });

  it('leaves the moment as given without a reading of when it was sent', () => {
    expect(onServerClock(sentAt(), '2026-11-29T10:00:00.000Z', now)).toBe('2026-11-29T10:00:00.000Z');
    expect(onServerClock(sentAt('yesterday'), '2026-11-29T10:00:00.000Z', now)).toBe('2026-11-29T10:00:00.000Z');
    expect(onServerClock(sentAt('2026-11-29T10:00:00.000Z'), undefined, now)).toBeUndefined();
  });
});
