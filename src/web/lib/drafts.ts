// A form's draft kept in the tab's sessionStorage, so a reload in the middle of a counter sale or
// of a count does not empty the basket or the figure typed. sessionStorage belongs to the tab: it
// survives a reload, not the tab's closing, and signing out forgets every draft (forgetDrafts).

const PREFIX = 'arrive.draft.';

export function readDraft<T>(key: string, accept: (value: unknown) => value is T): T | undefined {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    if (raw === null) return undefined;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    if (value === undefined) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // private mode or a full storage: the draft lives as long as the screen, as before
  }
}

/** Forgets every form's draft in this tab (on sign-out: the next person starts empty). */
export function forgetDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // nothing was kept
  }
}
