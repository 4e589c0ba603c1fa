// Copies written before the local database's code has arrived (it loads after the first screen:
// ./saved-copies). Waiting in memory for it, a copy would be lost with a page left at once
// (closed, reloaded, another address typed), so it is kept here, in localStorage, which writes at
// once and survives the page, and is read from here meanwhile; the local database takes it over
// when its code arrives, on this page or the next one.
/** The local database's tables that hold saved copies (./local-db). */
export type CopyTable = 'orders' | 'shift' | 'carts';
export type JournalEntry = { table: CopyTable; key: string; value: unknown; updatedAt: number };

const PREFIX = 'arrive:copy:';
const TABLES: readonly CopyTable[] = ['orders', 'shift', 'carts'];

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser's settings
  }
};

const itemKey = (table: CopyTable, key: string) => `${PREFIX}${table}:${key}`;

/** Keeps a copy until the local database has it; false when it could not (storage full or disabled). */
export function journalCopy(table: CopyTable, key: string, value: unknown, updatedAt: number): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(itemKey(table, key), JSON.stringify({ value, updatedAt }));
    return true;
  } catch {
    return false; // over the quota
  }
}

/** Forgets the kept copy, or only the one of that time when `updatedAt` is given (a newer one stays). */
export function dropJournaled(table: CopyTable, key: string, updatedAt?: number): void {
  const store = storage();
  if (!store) return;
  if (updatedAt !== undefined) {
    const kept = parse(store.getItem(itemKey(table, key)));
    if (kept && kept.updatedAt !== updatedAt) return;
  }
  store.removeItem(itemKey(table, key));
}

/** The copy kept under `key`, or null. */
export function readJournaled<T>(table: CopyTable, key: string): { value: T; updatedAt: number } | null {
  const kept = parse(storage()?.getItem(itemKey(table, key)) ?? null);
  return kept ? { value: kept.value as T, updatedAt: kept.updatedAt } : null;
}

/** Every kept copy, oldest first. */
export function journaled(): JournalEntry[] {
  const store = storage();
  if (!store) return [];
  const entries: JournalEntry[] = [];
  for (const name of journalNames(store)) {
    const rest = name.slice(PREFIX.length);
    const colon = rest.indexOf(':');
    const table = rest.slice(0, colon) as CopyTable;
    const kept = parse(store.getItem(name));
    if (colon < 0 || !TABLES.includes(table) || !kept) continue;
    entries.push({ table, key: rest.slice(colon + 1), ...kept });
  }
  return entries.sort((a, b) => a.updatedAt - b.updatedAt);
}

/** Forgets every kept copy, unreadable ones included (on logout, with the local database). */
export function clearJournal(): void {
  const store = storage();
  if (!store) return;
  for (const name of journalNames(store)) store.removeItem(name);
}

/** The names of the kept copies in localStorage (read whole before any is removed). */
function journalNames(store: Storage): string[] {
  const names: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const name = store.key(i);
    if (name?.startsWith(PREFIX)) names.push(name);
  }
  return names;
}

function parse(raw: string | null): { value: unknown; updatedAt: number } | null {
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as { value?: unknown; updatedAt?: unknown };
    return typeof kept.updatedAt === 'number' && 'value' in kept
      ? { value: kept.value, updatedAt: kept.updatedAt }
      : null;
  } catch {
    return null;
  }
}
