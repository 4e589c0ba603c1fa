import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

type Entry = { name: string };
/** A PerformanceObserver whose paint entries the test hands out. */
function fakePaintObserver(buffered: Entry[] = []) {
  const observers: ((entries: Entry[]) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (list: { getEntriesByName(name: string): Entry[] }) => void) {}
    observe() {
      const deliver = (entries: Entry[]) =>
        this.callback({ getEntriesByName: (name) => entries.filter((e) => e.name === name) });
      observers.push(deliver);
      if (buffered.length) deliver(buffered);
    }
    disconnect() {
      observers.length = 0;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name: string) => {
      for (const deliver of observers) deliver([{ name }]);
    },
  };
}

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once the first contentful paint is reported, once', () => {
    vi.useFakeTimers();
    const browser = fakePaintObserver();
    const run = vi.fn();
    afterFirstPaint(run);
    browser.paint('first-paint');
    expect(run).not.toHaveBeenCalled();
    browser.paint('first-contentful-paint');
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the page has already painted', () => {
    fakePaintObserver([{ name: 'first-contentful-paint' }]);
    const run = vi.fn();
    afterFirstPaint(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when no paint comes', () => {
    vi.useFakeTimers();
    fakePaintObserver();
    const run = vi.fn();
    afterFirstPaint(run);
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('where paints are not reported, runs in the frame after the next one', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const run = vi.fn();
    afterFirstPaint(run);
    frames.shift()?.(0);
    expect(run).not.toHaveBeenCalled();
    frames.shift()?.(16);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
