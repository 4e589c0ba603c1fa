import { describe, expect, it, vi } from 'vitest';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';
const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';
const android = 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/125.0 Mobile Safari/537.36';

/** A fresh copy of the module: its saved prompt is module state. */
const load = async () => {
  vi.resetModules();
  return import('./install-prompt');
};

function fakePromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('install prompt', () => {
  it('tells iPhones and iPads (which report a Mac with touch) from the rest', async () => {
    const { isIos } = await load();
    expect(isIos({ userAgent: iphone, maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: ipad, maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: ipad, maxTouchPoints: 0 })).toBe(false);
    expect(isIos({ userAgent: android, maxTouchPoints: 5 })).toBe(false);
  });

  it('offers the iOS steps, an explanation elsewhere, and nothing once installed', async () => {
    const { installPlatform } = await load();
    expect(installPlatform({ userAgent: iphone, maxTouchPoints: 5, standalone: false })).toBe('ios');
    expect(installPlatform({ userAgent: android, maxTouchPoints: 5, standalone: false })).toBe('other');
    expect(installPlatform({ userAgent: android, maxTouchPoints: 5, standalone: true })).toBe('installed');
  });

  it('keeps the browser’s install event, opens it once on request, and reports the choice', async () => {
    const mod = await load();
    const target = new EventTarget() as Window;
    mod.captureInstallPrompt(target);
    const listener = vi.fn();
    mod.subscribeInstallPrompt(listener);
    const { event, prompt } = fakePromptEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(listener).toHaveBeenCalled();
    expect(mod.installPlatform({ userAgent: android, maxTouchPoints: 5, standalone: false })).toBe('prompt');
    await expect(mod.promptInstall()).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(mod.installPlatform({ userAgent: android, maxTouchPoints: 5, standalone: false })).toBe('installed');
    await expect(mod.promptInstall()).resolves.toBe('unavailable');
  });

  it('lets the visitor try again later after dismissing', async () => {
    const mod = await load();
    const target = new EventTarget() as Window;
    mod.captureInstallPrompt(target);
    target.dispatchEvent(fakePromptEvent('dismissed').event);
    await expect(mod.promptInstall()).resolves.toBe('dismissed');
    expect(mod.installPlatform({ userAgent: android, maxTouchPoints: 5, standalone: false })).toBe('other');
  });
});
