// Signing out is immediate on the pickup channel too: a staff member's socket opened before the
// logout can no longer ask a client to confirm a hand-over, and the signed-out token cannot open
// a new one, while the staff member's other device keeps working.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPickupSocket, createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, signInAs, webHeaders } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
});

describe('a signed-out session on the pickup channel', () => {
  it('acts no more on an open socket, and cannot open a new one', async () => {
    const client = await signInAs(app, '08030000071');
    const order = await createPaidOrder(app, client.clientId);
    const counter = await signInAs(app, '08030000072');
    await putOnShift(app, counter.clientId);
    const tablet = await signInAs(app, '08030000072');

    const revoked = await connectPickupSocket(url, { cookie: counter.cookie });
    const other = await connectPickupSocket(url, { cookie: tablet.cookie });
    // Served before the logout: the session is known alive (and cached so).
    const before = await other
      .timeout(5000)
      .emitWithAck('StaffCancelRequest', { pickupId: '00000000-0000-4000-8000-000000000000' });
    expect(before.ok).toBe(false);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...webHeaders, cookie: counter.cookie },
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);

    const disconnected = new Promise<void>((resolve) => revoked.once('disconnect', () => resolve()));
    const ack = await revoked
      .timeout(5000)
      .emitWithAck('requestConfirmationStaff', { orderId: order.id, clientOnline: true });
    expect(ack).toMatchObject({ ok: false, message: 'Your session has ended. Please sign in again.' });
    await disconnected;
    await expect(connectPickupSocket(url, { cookie: counter.cookie })).rejects.toThrow(/TokenVerificationError/);

    // The staff member's other device still asks the client.
    const served = await other
      .timeout(5000)
      .emitWithAck('requestConfirmationStaff', { orderId: order.id, clientOnline: true });
    expect(served.ok, JSON.stringify(served)).toBe(true);
    other.close();
  });
});
