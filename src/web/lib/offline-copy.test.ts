import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { getCached, localDb } from './local-db';
import { withOfflineCopy } from './offline-copy';
import * as savedCopies from './saved-copies';

const offline = () => new ApiError({ type: 'Unknown', status: 0, message: 'No connection: check your network' });

beforeEach(async () => {
  await localDb.orders.clear();
});

describe('withOfflineCopy', () => {
  it('saves what the network answered before answering, once the local database’s code is here', async () => {
    await savedCopies.getCached('orders', 'warm-up');
    expect(savedCopies.savedCopiesReady()).toBe(true);
    // A slow disk: each write's transaction commits 30 ms later (kept busy meanwhile), and the
    // answer still waits for its copy.
    let written = false;
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      const request = put.apply(this, args);
      const until = Date.now() + 30;
      const busy = () => {
        if (Date.now() < until) this.count().onsuccess = busy;
      };
      busy();
      this.transaction.addEventListener('complete', () => {
        written = true;
      });
      return request;
    });
    const result = await withOfflineCopy('list:all:1:10', async () => ({ orders: [1, 2] }));
    expect(result).toMatchObject({ data: { orders: [1, 2] }, fromCache: false });
    expect(written).toBe(true);
    vi.restoreAllMocks();
    expect((await getCached('orders', 'list:all:1:10'))?.value).toEqual({ orders: [1, 2] });
  });

  it('answers the saved copy, with its time, when the network is gone', async () => {
    await withOfflineCopy('detail:ARV-1', async () => ({ n: 'ARV-1' }));
    const saved = await getCached('orders', 'detail:ARV-1');
    const result = await withOfflineCopy('detail:ARV-1', () => Promise.reject(offline()));
    expect(result).toEqual({ data: { n: 'ARV-1' }, updatedAt: saved?.updatedAt, fromCache: true });
  });

  it('passes on server refusals and network failures with nothing saved', async () => {
    await withOfflineCopy('detail:ARV-2', async () => ({ n: 'ARV-2' }));
    const notFound = new ApiError({ type: 'NotFound', status: 404, message: 'Order not found' });
    await expect(withOfflineCopy('detail:ARV-2', () => Promise.reject(notFound))).rejects.toBe(notFound);
    await expect(withOfflineCopy('detail:NEVER', () => Promise.reject(offline()))).rejects.toThrow('No connection');
  });
});

describe('withOfflineCopy when the browser knows it is offline', () => {
  it('answers the saved copy without calling the network', async () => {
    await withOfflineCopy('catalogue', async () => ({ products: ['gas'] }));
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      let called = false;
      const result = await withOfflineCopy('catalogue', async () => {
        called = true;
        return { products: [] };
      });
      expect(called).toBe(false);
      expect(result).toMatchObject({ data: { products: ['gas'] }, fromCache: true });
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });
});
