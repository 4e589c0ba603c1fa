import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData, deleteCached, getCached, putCached } from './copy-store';
import { localDb } from './local-db';

// The saved copies are written without Dexie, to the database Dexie keeps the staff's queue in:
// whichever creates it, the other must find the tables, keys and indexes it expects.

const deleteDatabase = () =>
  new Promise<void>((resolve, reject) => {
    const deleting = indexedDB.deleteDatabase('arrive');
    deleting.onsuccess = () => resolve();
    deleting.onerror = () => reject(deleting.error);
    deleting.onblocked = () => reject(new Error('a connection kept the database from being deleted'));
  });

beforeEach(async () => {
  localDb.close();
  await deleteDatabase();
});

describe('the saved copies, beside Dexie', () => {
  it('creates the database as Dexie declares it, so Dexie opens it as is', async () => {
    const warn = vi.spyOn(console, 'warn');
    await putCached('orders', 'detail:ARV-1', { n: 'ARV-1' }, 1_000);
    await localDb.open();
    expect(localDb.verno).toBe(2);
    expect(await localDb.orders.get('detail:ARV-1')).toEqual({
      key: 'detail:ARV-1',
      value: { n: 'ARV-1' },
      updatedAt: 1_000,
    });
    // The queue's indexes are there: Dexie queries by them.
    await localDb.pendingActions.put({ id: 'a', kind: 'counter.sale', payload: {}, createdAt: 2, status: 'pending' });
    expect(await localDb.pendingActions.where('kind').equals('counter.sale').count()).toBe(1);
    expect(await localDb.orders.orderBy('updatedAt').keys()).toEqual([1_000]);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reads and writes a database Dexie created', async () => {
    await localDb.open();
    await localDb.carts.put({ key: 'cart:client-1', value: { lines: [1] }, updatedAt: 5 });
    expect(await getCached('carts', 'cart:client-1')).toEqual({ value: { lines: [1] }, updatedAt: 5 });
    await putCached('shift', 'staff-auth', { role: 'CEO' }, 6);
    expect((await localDb.shift.get('staff-auth'))?.value).toEqual({ role: 'CEO' });
    await deleteCached('carts', 'cart:client-1');
    expect(await localDb.carts.get('cart:client-1')).toBeUndefined();
  });

  it('forgets the copies and the queued actions on logout', async () => {
    await localDb.open();
    await localDb.pendingActions.put({ id: 'b', kind: 'shift.end', payload: {}, createdAt: 3, status: 'pending' });
    await putCached('orders', 'list:all', { orders: [1] });
    localStorage.setItem('arrive:copy:orders:kept', JSON.stringify({ value: 1, updatedAt: 1 }));
    await clearLocalData();
    expect(await localDb.pendingActions.count()).toBe(0);
    expect(await getCached('orders', 'list:all')).toBeUndefined();
    expect(localStorage.getItem('arrive:copy:orders:kept')).toBeNull();
  });

  it('lets another connection delete the database, and opens it again when next asked', async () => {
    await putCached('orders', 'catalogue', { products: ['gas'] });
    await deleteDatabase();
    expect(await getCached('orders', 'catalogue')).toBeUndefined();
    await putCached('orders', 'catalogue', { products: ['burner'] });
    expect((await getCached('orders', 'catalogue'))?.value).toEqual({ products: ['burner'] });
  });
});
