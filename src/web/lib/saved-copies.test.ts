import { beforeEach, describe, expect, it, vi } from 'vitest';
import { journalCopy, journaled } from './copy-journal';
import { localDb } from './local-db';

// Each test opens the module as a new page would: its local database's code not yet here.
const freshPage = async () => {
  vi.resetModules();
  return import('./saved-copies');
};

beforeEach(async () => {
  localStorage.clear();
  await Promise.all([localDb.orders.clear(), localDb.carts.clear()]);
});

describe('a copy written before the local database’s code arrives', () => {
  it('goes to the local database at once when localStorage refuses it', async () => {
    const page = await freshPage();
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await page.putCached('orders', 'detail:ARV-9', { n: 'ARV-9' });
    spy.mockRestore();
    expect(page.savedCopiesReady()).toBe(true);
    expect((await localDb.orders.get('detail:ARV-9'))?.value).toEqual({ n: 'ARV-9' });
  });

  it('is kept in localStorage at once, so a page left before the code arrives does not lose it', async () => {
    const page = await freshPage();
    expect(page.savedCopiesReady()).toBe(false);
    const saving = page.putCached('orders', 'wallet:transactions', { items: [1] });
    // Nothing awaited yet: the page could be closed now.
    expect(journaled()).toEqual([
      { table: 'orders', key: 'wallet:transactions', value: { items: [1] }, updatedAt: expect.any(Number) },
    ]);
    await saving;
    // A write does not bring the code: it stays kept until the code arrives after the first screen.
    expect(page.savedCopiesReady()).toBe(false);
    expect(journaled()).toHaveLength(1);
    await page.loadSavedCopies();
    // Once the database has it, the kept copy is gone.
    expect(page.savedCopiesReady()).toBe(true);
    expect(journaled()).toEqual([]);
    expect((await page.getCached('orders', 'wallet:transactions'))?.value).toEqual({ items: [1] });
  });

  it('is read on a first visit without the local database: none is created or loaded before the first screen', async () => {
    localDb.close();
    await new Promise<void>((resolve) => {
      const deleting = indexedDB.deleteDatabase('arrive');
      deleting.onsuccess = deleting.onerror = () => resolve();
    });
    const page = await freshPage();
    expect(await page.getCached('orders', 'catalogue')).toBeUndefined();
    await page.putCached('orders', 'catalogue', { products: ['gas'] });
    expect((await page.getCached('orders', 'catalogue'))?.value).toEqual({ products: ['gas'] });
    await page.deleteCached('carts', 'cart:client-1');
    expect(page.savedCopiesReady()).toBe(false);
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('arrive');
    // After the first screen the database takes the copy over.
    await page.loadSavedCopies();
    expect(journaled()).toEqual([]);
    expect((await page.getCached('orders', 'catalogue'))?.value).toEqual({ products: ['gas'] });
    await localDb.open();
  });

  it('is taken over by the next page’s local database, with the time it was saved', async () => {
    const savedAt = Date.now() - 5 * 60_000;
    journalCopy('orders', 'wallet:transactions', { items: [1, 2] }, savedAt);
    const page = await freshPage();
    expect(await page.getCached('orders', 'wallet:transactions')).toEqual({
      value: { items: [1, 2] },
      updatedAt: savedAt,
    });
    expect(journaled()).toEqual([]);
    expect((await localDb.orders.get('wallet:transactions'))?.updatedAt).toBe(savedAt);
  });

  it('never replaces a newer copy the database already holds', async () => {
    await localDb.orders.put({ key: 'catalogue', value: { products: ['new'] }, updatedAt: Date.now() });
    journalCopy('orders', 'catalogue', { products: ['old'] }, Date.now() - 60_000);
    const page = await freshPage();
    expect((await page.getCached('orders', 'catalogue'))?.value).toEqual({ products: ['new'] });
    expect(journaled()).toEqual([]);
  });

  it('is forgotten with the rest on logout, and when its record is deleted', async () => {
    journalCopy('orders', 'list:all', { orders: [1] }, Date.now());
    journalCopy('carts', 'cart:client-1', { lines: [] }, Date.now());
    localStorage.setItem('arrive:copy:orders:broken', '{not json');
    const page = await freshPage();
    void page.deleteCached('carts', 'cart:client-1');
    expect(journaled().map((entry) => entry.key)).toEqual(['list:all']);
    await page.clearLocalData();
    expect(Object.keys(localStorage).filter((name) => name.startsWith('arrive:copy:'))).toEqual([]);
    expect(await page.getCached('orders', 'list:all')).toBeUndefined();
  });
});
