import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, showsSavedCopy } from './query-client';

afterEach(() => onlineManager.setOnline(true));

describe('the query client', () => {
  it('reads a saved copy again as soon as the network is back, however recently it was read', async () => {
    const client = createQueryClient();
    // As the app's provider does: the client follows the browser's online state.
    client.mount();
    let online = false;
    const read = vi.fn(async () =>
      online
        ? { data: ['live'], updatedAt: Date.now(), fromCache: false }
        : { data: ['saved'], updatedAt: Date.now() - 3_600_000, fromCache: true },
    );
    const observer = new QueryObserver(client, { queryKey: ['orders'], queryFn: read, networkMode: 'always' });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.fromCache).toBe(true), { timeout: 10_000 });
    onlineManager.setOnline(false);
    online = true;
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.data).toEqual(['live']), { timeout: 10_000 });
    expect(read).toHaveBeenCalledTimes(2);
    // A live answer is not read again for coming back online within its 30 s.
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toHaveBeenCalledTimes(2);
    unsubscribe();
    client.unmount();
    client.clear();
  });

  it('finds a saved copy in a list of pages', () => {
    expect(showsSavedCopy({ pages: [{ fromCache: false }, { fromCache: true }] })).toBe(true);
    expect(showsSavedCopy({ pages: [{ fromCache: false }] })).toBe(false);
    expect(showsSavedCopy({ fromCache: true })).toBe(true);
    expect(showsSavedCopy(null)).toBe(false);
  });

  it('sends an action made offline at once (it fails, and says so) instead of holding it for later', async () => {
    const client = createQueryClient();
    client.mount();
    onlineManager.setOnline(false);
    const send = vi.fn(async () => {
      throw new Error('No connection: check your network');
    });
    const observer = new MutationObserver(client, { mutationFn: send });
    await expect(observer.mutate()).rejects.toThrow('No connection');
    expect(send).toHaveBeenCalledTimes(1);
    // Back online, nothing is sent behind the person's back.
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).toHaveBeenCalledTimes(1);
    client.unmount();
  });
});
