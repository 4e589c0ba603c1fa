import { afterEach, describe, expect, it, vi } from 'vitest';

const emitted: unknown[][] = [];
const fakeSocket = {
  connected: true,
  timeout(ms: number) {
    const owner = this;
    return {
      ms,
      async emitWithAck(this: { ms: number }, event: string, payload: unknown) {
        // A real Socket.IO socket needs its `this`: calling the method detached would throw.
        if (this?.ms !== ms || !owner.connected) throw new Error('detached');
        emitted.push([event, payload]);
        return { ok: true, pickupId: 'p1' };
      },
    };
  },
};
vi.mock('./socket', () => ({ getSocket: () => fakeSocket }));

const { emitWithAck } = await import('./emit-with-ack');

afterEach(() => {
  emitted.length = 0;
  fakeSocket.connected = true;
});

describe('emitWithAck', () => {
  it('sends through the timed socket and answers the acknowledgement', async () => {
    const ack = await emitWithAck('pingStaff', { pickupId: '11111111-1111-4111-8111-111111111111' });
    expect(ack).toEqual({ ok: true, pickupId: 'p1' });
    expect(emitted).toEqual([['pingStaff', { pickupId: '11111111-1111-4111-8111-111111111111' }]]);
  });

  it('answers null without a connection, so the caller can fall back to HTTP', async () => {
    fakeSocket.connected = false;
    expect(await emitWithAck('pingStaff', { pickupId: '11111111-1111-4111-8111-111111111111' })).toBeNull();
    expect(emitted).toEqual([]);
  });
});
