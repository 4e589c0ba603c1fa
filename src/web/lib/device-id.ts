// A stable, random id of this browser, sent with every change the app makes (X-Device-Id), so the
// audit trail can tell which counter tablet or phone a staff action came from. It says nothing
// about the person and is not a credential: clearing the site's data gives a new one.

const STORAGE_KEY = 'arrive.device-id';
export const DEVICE_ID_HEADER = 'x-device-id';

let remembered: string | null = null;

const freshId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** This browser's id: kept in localStorage; for this page only when storage is refused. */
export function deviceId(): string {
  if (remembered) return remembered;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && /^[\w-]{8,64}$/.test(stored)) {
      remembered = stored;
      return stored;
    }
    const made = freshId();
    localStorage.setItem(STORAGE_KEY, made);
    remembered = made;
  } catch {
    remembered = freshId();
  }
  return remembered;
}
