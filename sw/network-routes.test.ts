import { describe, expect, it } from 'vitest';
import { isQueuedAction, SHIFT_AND_SALE_PATHS } from '../src/domain/offline-queue';
import { NETWORK_ROUTES } from './network-routes';

type Call = { method: string; path: string; destination?: string };

/** Where the browser sends a call, as it reads the routes: the first that holds, else the worker. */
function sourceOf(call: Call): string {
  const url = `https://arrive.example${call.path}`;
  for (const { condition, source } of NETWORK_ROUTES) {
    if (condition.requestMethod && condition.requestMethod !== call.method) continue;
    if (condition.requestDestination && condition.requestDestination !== (call.destination ?? '')) continue;
    if (condition.urlPattern && !new URLPattern(condition.urlPattern).test(url)) continue;
    return source;
  }
  return 'fetch-event';
}

describe('the routes past the worker', () => {
  it('send the reads of /api and the live channel to the network', () => {
    for (const path of ['/api/product', '/api/pickup/code/PC12345678', '/api/delivery/board', '/api/order/client']) {
      expect(sourceOf({ method: 'GET', path }), path).toBe('network');
    }
    expect(sourceOf({ method: 'GET', path: '/socket.io/?EIO=4&transport=polling' })).toBe('network');
    expect(sourceOf({ method: 'POST', path: '/api/order/new' })).toBe('network');
  });

  it('leave to the worker every action it queues offline, the sign-in check and pictures', () => {
    const queued: Call[] = [
      ...SHIFT_AND_SALE_PATHS.map((path) => ({ method: 'POST', path })),
      { method: 'POST', path: '/api/auth/logout' },
      { method: 'PUT', path: '/api/delivery/status/3f1c2e' },
    ];
    for (const call of queued) {
      // The worker's own rule takes these (a rider's step when the phone asks for the queue).
      expect(isQueuedAction(call.method, call.path, new Headers({ 'x-queue-offline': '1' })), call.path).toBe(true);
      expect(sourceOf(call), call.path).toBe('fetch-event');
    }
    expect(sourceOf({ method: 'GET', path: '/api/auth/cookie_auth' })).toBe('fetch-event');
    expect(sourceOf({ method: 'GET', path: '/api/upload/file/gas.webp', destination: 'image' })).toBe('fetch-event');
  });

  it('leave the pages and the code to the worker', () => {
    for (const path of ['/', '/products', '/dashboard/sell', '/assets/app-abc.js', '/shell.html']) {
      expect(sourceOf({ method: 'GET', path }), path).toBe('fetch-event');
    }
  });
});
