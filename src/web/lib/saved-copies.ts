// The device's saved copies (the history, an order, the cart, the catalogue) as the client's
// screens use them: the local database's code (Dexie, ~28 KB) loads on the first read or write,
// not with the screen, so a first visit on a slow network shows the screen before it arrives. The
// staff screens, which queue their work in it, import ./local-db directly.
import { dropJournaled, journalCopy } from './copy-journal';

type Table = 'orders' | 'shift' | 'carts';

let loaded: Promise<typeof import('./local-db')> | null = null;
let ready = false;
const localDb = () => {
  loaded ??= import('./local-db').then(
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

// Asked for as soon as the app runs, after its own code, so it is here by the time the screen's
// first answers arrive on all but the slowest first visits.
if (typeof window !== 'undefined') setTimeout(() => void localDb().catch(() => {}), 0);

export async function getCached<T>(table: Table, key: string): Promise<{ value: T; updatedAt: number } | undefined> {
  return (await localDb()).getCached<T>(table, key);
}

export async function putCached(table: Table, key: string, value: unknown): Promise<void> {
  const updatedAt = Date.now();
  if (ready) return (await localDb()).putCached(table, key, value, updatedAt);
  // The code is still on its way: keep the copy where it survives the page meanwhile.
  journalCopy(table, key, value, updatedAt);
  await (await localDb()).putCached(table, key, value, updatedAt);
  dropJournaled(table, key, updatedAt);
}

export async function deleteCached(table: Table, key: string): Promise<void> {
  dropJournaled(table, key);
  await (await localDb()).deleteCached(table, key);
}

/** Forgets everything of the signed-in person (on logout). */
export async function clearLocalData(): Promise<void> {
  await (await localDb()).clearLocalData();
}
