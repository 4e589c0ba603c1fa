import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

it('tells the worker the network is back even before the worker is registered (an idle moment later)', async () => {
  const postMessage = vi.fn();
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: { postMessage } } });
  // No idle moment comes during the test: the registration waits.
  vi.stubGlobal('requestIdleCallback', () => 0);
  const { registerServiceWorkerWhenIdle } = await import('./pwa');
  registerServiceWorkerWhenIdle();
  window.dispatchEvent(new Event('online'));
  expect(postMessage).toHaveBeenCalledWith({ type: 'ONLINE' });
  // Once: a second call adds no second listener.
  registerServiceWorkerWhenIdle();
  window.dispatchEvent(new Event('online'));
  expect(postMessage).toHaveBeenCalledTimes(2);
});
