// The browser's install offer (beforeinstallprompt) is fired once, early, and maybe before the
// home page is on screen: it is caught at start-up and kept here until the visitor asks for it.

/** Chromium's event; not in TypeScript's DOM library. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

export type InstallPlatform = 'prompt' | 'ios' | 'installed' | 'other';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Called once from main.tsx. */
export function captureInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini-infobar away: the 'Download the app' button offers it instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export type PlatformHints = {
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
};

export function currentPlatformHints(): PlatformHints {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone:
      nav.standalone === true ||
      (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches),
  };
}

/** iPhone, iPod, or an iPad (which reports itself as a Mac with a touch screen since iPadOS 13). */
export function isIos({ userAgent, maxTouchPoints }: Pick<PlatformHints, 'userAgent' | 'maxTouchPoints'>) {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** What the 'Download the app' button can do on this device right now. */
export function installPlatform(hints: PlatformHints = currentPlatformHints()): InstallPlatform {
  if (installed || hints.standalone) return 'installed';
  if (deferred) return 'prompt';
  if (isIos(hints)) return 'ios';
  return 'other';
}

/** Opens the browser's install prompt; the saved event can be used once only. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
  return outcome;
}
