import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// A screen answers a fake call in milliseconds; on a loaded 2-core machine the render after it can
// take over the default second. The wait ends as soon as the screen is there.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // The toasts live in a store of the module, shared by the files of a worker: each test starts
  // with none shown and none queued.
  notifications.clean();
  notifications.cleanQueue();
});

// Files that share a worker share its document and its modules: each starts with the storage a
// first visit has, online and with the focus the browser reports.
beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
});

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}
window.HTMLElement.prototype.scrollIntoView ??= () => {};
