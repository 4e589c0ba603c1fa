import { describe, expect, it, vi } from 'vitest';
import { parseServerEvent, type ServerEventName } from '../../domain/realtime-events';
import { checkedEvents, type EventCheck, MAX_WAITING_EVENTS } from './checked-events';

const pickupId = '4f1c2a8e-9b3d-4e5f-8a7b-1c2d3e4f5a6b';
const orderId = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
/** A pingClient as the server sends it. */
const valid = { pickupId, orderId, orderNumber: '1001', pingId: 'ping-1' };
const ping = (n: number) => ({ ...valid, n });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('checkedEvents', () => {
  it('loads the check with the first event, not before, and once', async () => {
    const load = vi.fn(async () => parseServerEvent as EventCheck);
    const seen: unknown[] = [];
    const events = checkedEvents(load, (_e, data) => seen.push(data), vi.fn());
    expect(load).not.toHaveBeenCalled();
    events.receive('pingClient', valid);
    events.receive('pingClient', valid);
    await settle();
    events.receive('pingClient', valid);
    expect(load).toHaveBeenCalledTimes(1);
    expect(events.loaded).toBe(true);
    expect(seen).toEqual([valid, valid, valid]);
  });

  it('loads the check when asked beforehand, once, and hands the first event on at once', async () => {
    const load = vi.fn(async () => parseServerEvent as EventCheck);
    const seen: unknown[] = [];
    const events = checkedEvents(load, (_e, data) => seen.push(data), vi.fn());
    events.prepare();
    events.prepare();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    events.receive('pingClient', valid);
    // Delivered within the call: the event did not wait for the check's code.
    expect(seen).toEqual([valid]);
    events.prepare();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands on the events that waited for the check in their order, before any later one', async () => {
    const gate = deferred<EventCheck>();
    const seen: number[] = [];
    const check: EventCheck = (_event, payload) => ({ ok: true, data: payload });
    const events = checkedEvents(
      () => gate.promise,
      (_e, data) => seen.push((data as { n: number }).n),
      vi.fn(),
    );
    for (const n of [1, 2, 3]) events.receive('pingClient', ping(n));
    expect(seen).toEqual([]);
    gate.resolve(check);
    await settle();
    events.receive('pingClient', ping(4));
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('checks each payload against its schema: a malformed one is reported and not handed on', async () => {
    const delivered: Array<[ServerEventName, unknown]> = [];
    const malformed = vi.fn();
    const events = checkedEvents(
      async () => parseServerEvent as EventCheck,
      (event, data) => delivered.push([event, data]),
      malformed,
    );
    events.receive('pingClient', { ...valid, pickupId: 'not-an-id' });
    events.receive('pingClient', valid);
    await settle();
    expect(delivered).toEqual([['pingClient', valid]]);
    expect(malformed).toHaveBeenCalledTimes(1);
    expect(malformed.mock.calls[0]?.[0]).toBe('pingClient');
    expect(String(malformed.mock.calls[0]?.[1])).toContain('pickupId');
  });

  it('keeps the events when the check cannot be loaded, and tries again with the next event', async () => {
    const seen: number[] = [];
    let attempts = 0;
    const load = vi.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return ((_event, payload) => ({ ok: true, data: payload })) as EventCheck;
    });
    const events = checkedEvents(load, (_e, data) => seen.push((data as { n: number }).n), vi.fn());
    events.receive('pingClient', ping(1));
    await settle();
    expect(seen).toEqual([]);
    expect(events.loaded).toBe(false);
    events.receive('pingClient', ping(2));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([1, 2]);
  });

  it(`keeps at most ${MAX_WAITING_EVENTS} waiting events, dropping the oldest`, async () => {
    const gate = deferred<EventCheck>();
    const seen: number[] = [];
    const events = checkedEvents(
      () => gate.promise,
      (_e, data) => seen.push((data as { n: number }).n),
      vi.fn(),
    );
    for (let n = 1; n <= MAX_WAITING_EVENTS + 5; n++) events.receive('pingClient', ping(n));
    gate.resolve((_event, payload) => ({ ok: true, data: payload }));
    await settle();
    expect(seen).toHaveLength(MAX_WAITING_EVENTS);
    expect(seen[0]).toBe(6);
    expect(seen.at(-1)).toBe(MAX_WAITING_EVENTS + 5);
  });

  it('goes on after a listener throws: the events behind it are handed on with the next one', async () => {
    const gate = deferred<EventCheck>();
    const seen: number[] = [];
    const events = checkedEvents(
      () => gate.promise,
      (_e, data) => {
        const { n } = data as { n: number };
        if (n === 2) throw new Error('a listener failed');
        seen.push(n);
      },
      vi.fn(),
    );
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const n of [1, 2, 3]) events.receive('pingClient', ping(n));
    gate.resolve((_event, payload) => ({ ok: true, data: payload }));
    await settle();
    expect(seen).toEqual([1]);
    expect(reported).toHaveBeenCalledTimes(1);
    events.receive('pingClient', ping(4));
    expect(seen).toEqual([1, 3, 4]);
    reported.mockRestore();
  });
});
