// The device's saved copies (the history, an order, the cart, the catalogue) as the client's
// screens use them. The local database's code (./copy-store, IndexedDB itself, about a kilobyte)
// loads after the first screen (loadSavedCopies), or on a read that needs it, never with the
// screen: a copy written before it arrives is kept in localStorage meanwhile (./copy-journal) and
// read from there, and a device with no local database yet (a first visit) has nothing to read.
// The staff screens, which queue their work in it with Dexie, import ./local-db directly.
import { type CopyTable, dropJournaled, journalCopy, readJournaled } from './copy-journal';

let loaded: Promise<typeof import('./copy-store')> | null = null;
let ready = false;
const localDb = () => {
  loaded ??= import('./copy-store').then(
    async (module) => {
      // What a page left too early kept aside (./copy-journal) goes in before anything is read.
      await module.adoptJournaledCopies().catch(() => {});
      ready = true;
      return module;
    },
    (error: unknown) => {
      // Not fetched (offline before the worker saved it): the next read or write asks again.
      loaded = null;
      throw error;
    },
  );
  return loaded;
};

/** Whether the local database's code is here (a write then takes milliseconds, not a download). */
export const savedCopiesReady = () => ready;

/** Loads the local database's code (the app asks once its first screen has answered). */
export const loadSavedCopies = () =>
  localDb().then(
    () => undefined,
    () => undefined,
  );

/** The local database's name (./local-db). */
const LOCAL_DB = 'arrive';
let deviceHasLocalDb: Promise<boolean> | null = null;
/** Whether this device has a local database yet, asked of the browser itself (no Dexie needed). */
const hasLocalDb = () => {
  deviceHasLocalDb ??=
    typeof indexedDB === 'undefined'
      ? Promise.resolve(false)
      : typeof indexedDB.databases !== 'function'
        ? Promise.resolve(true) // the browser cannot tell: the database is asked
        : indexedDB.databases().then(
            (list) => list.some((db) => db.name === LOCAL_DB),
            () => true,
          );
  return deviceHasLocalDb;
};

export async function getCached<T>(
  table: CopyTable,
  key: string,
): Promise<{ value: T; updatedAt: number } | undefined> {
  // A device with no local database yet (a first visit) has only what this page, or one left too
  // early, kept aside: read without waiting for Dexie. Elsewhere the database, once it has taken
  // over those copies, knows which is newest (another tab may have saved a newer one).
  if (!ready && !(await hasLocalDb())) return readJournaled<T>(table, key) ?? undefined;
  return (await localDb()).getCached<T>(table, key);
}

/**
 * How many actions the staff's queue holds on this device (none without a local database): the
 * counter's first view leaves a tablet with sales waiting to sync to the app, which lists them.
 */
export async function countQueued(): Promise<number> {
  if (!ready && !(await hasLocalDb())) return 0;
  return (await localDb()).countQueued();
}

export async function putCached(table: CopyTable, key: string, value: unknown): Promise<void> {
  const updatedAt = Date.now();
  if (ready) return (await localDb()).putCached(table, key, value, updatedAt);
  // The code is not here: the copy is kept where it survives the page. A write does not ask for
  // the code (the first screen's answers would bring it before the screen is usable); once it
  // arrives the database takes the copy over, or takes it here if the code is already on its way.
  // When it cannot be kept there (storage full or disabled), the code is asked for at once.
  if (journalCopy(table, key, value, updatedAt) && !loaded) return;
  await (await localDb()).putCached(table, key, value, updatedAt);
  dropJournaled(table, key, updatedAt);
}

/** Every copy in `table` whose key starts with `prefix` (the database's; none on a first visit). */
export async function listCached<T>(
  table: CopyTable,
  prefix: string,
): Promise<{ key: string; value: T; updatedAt: number }[]> {
  if (!ready && !loaded && !(await hasLocalDb())) return [];
  return (await localDb()).listCached<T>(table, prefix);
}

export async function deleteCached(table: CopyTable, key: string): Promise<void> {
  dropJournaled(table, key);
  // A device with no local database has nothing more to forget (the shop forgets an empty cart as
  // it opens: that must not bring the code either).
  if (!ready && !loaded && !(await hasLocalDb())) return;
  await (await localDb()).deleteCached(table, key);
}

/** Forgets everything of the signed-in person (on logout). */
export async function clearLocalData(): Promise<void> {
  await (await localDb()).clearLocalData();
}
