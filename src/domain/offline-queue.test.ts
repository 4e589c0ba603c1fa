import { describe, expect, it } from 'vitest';
import { isQueuedAction, QUEUE_OFFLINE_HEADER, replayOutcome } from './offline-queue';

const headers = (...names: string[]) => new Headers(names.map((n) => [n, '1']));

describe('what the worker queues without a network', () => {
  it('takes shift start and end, walk-in sales, signing out, and a rider’s steps that ask for it; nothing else', () => {
    for (const path of ['/api/shift/start', '/api/shift/end', '/api/client/new_order', '/api/auth/logout']) {
      expect(isQueuedAction('POST', path, headers())).toBe(true);
    }
    expect(isQueuedAction('PUT', '/api/delivery/status/d1', headers(QUEUE_OFFLINE_HEADER))).toBe(true);
    // A dispatcher's move (no header), another delivery call, a path below a step: not queued.
    expect(isQueuedAction('PUT', '/api/delivery/status/d1', headers())).toBe(false);
    expect(isQueuedAction('PUT', '/api/delivery/assign/d1', headers(QUEUE_OFFLINE_HEADER))).toBe(false);
    expect(isQueuedAction('PUT', '/api/delivery/status/d1/x', headers(QUEUE_OFFLINE_HEADER))).toBe(false);
    expect(isQueuedAction('POST', '/api/payment/wallet', headers(QUEUE_OFFLINE_HEADER))).toBe(false);
    expect(isQueuedAction('GET', '/api/shift/start', headers())).toBe(false);
  });

  it('keeps a call queued while the server is not reached, and settles it on its real answer', () => {
    expect([null, 0, 502, 503, 504].map(replayOutcome)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect([200, 201, 202].map(replayOutcome)).toEqual(['done', 'done', 'done']);
    expect([400, 401, 403, 409, 500].map(replayOutcome)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
  });
});
