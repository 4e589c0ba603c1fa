/**
 * An item kept in the browser's storage, or null where there is none or storage is off (a private
 * window, a browser set to keep nothing): what reads it then does without.
 */
export function storedItem(storage: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return globalThis[storage].getItem(key);
  } catch {
    return null;
  }
}
