/** What a first view undoes when the app takes the screen over. */
type Cleanups = (() => void)[];

/** Listens for `type` on `target` until the app takes the screen over (the removal joins `cleanups`). */
export function listen<K extends keyof WindowEventMap>(
  cleanups: Cleanups,
  target: Window,
  type: K,
  handler: (event: WindowEventMap[K]) => void,
): void;
export function listen<K extends keyof DocumentEventMap>(
  cleanups: Cleanups,
  target: Document,
  type: K,
  handler: (event: DocumentEventMap[K]) => void,
): void;
export function listen<K extends keyof HTMLElementEventMap>(
  cleanups: Cleanups,
  target: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
): void;
export function listen(cleanups: Cleanups, target: EventTarget, type: string, handler: (event: Event) => void) {
  target.addEventListener(type, handler);
  cleanups.push(() => target.removeEventListener(type, handler));
}

/** Calls `handler` each time the device goes offline or back online, until the app takes over. */
export function onConnectionChange(cleanups: Cleanups, handler: () => void) {
  listen(cleanups, window, 'online', handler);
  listen(cleanups, window, 'offline', handler);
}
