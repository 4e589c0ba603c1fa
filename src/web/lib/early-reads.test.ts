import { afterEach, describe, expect, it, vi } from 'vitest';
import { lagosDateKey } from '../../domain/format';
import { api } from './api-client';
import {
  lagosDay,
  readKey,
  rememberCounterCenter,
  rememberedCounterCenter,
  rememberOnShift,
  startEarlyReads,
  takeEarlyRead,
} from './early-reads';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** 23:30 UTC on 27 November is 00:30 on the 28th in Lagos (UTC+1). */
const NOW = Date.UTC(2026, 10, 27, 23, 30);
const DAY = '2026-11-28';

afterEach(() => {
  // Whatever a test started and did not take is forgotten with time; take it now.
  takeEarlyRead('auth/cookie_auth', 0);
  for (const path of ['product', 'wallet/client', 'payment/usable', 'shift/active', 'shift/today', 'centers'])
    takeEarlyRead(path, 0);
  localStorage.removeItem('arrive.on-shift');
  for (const path of ['admin/orders', 'sales']) takeEarlyRead(readKey(path, { fromDate: DAY, toDate: DAY }), 0);
  takeEarlyRead('order/client?pageSize=10', 0);
  takeEarlyRead('order/AR-1042', 0);
  vi.unstubAllGlobals();
});

describe('early reads', () => {
  it("starts the sign-in check on every app screen and the catalogue on the shop, with the api client's headers", () => {
    const fetch = vi.fn<Fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/settings');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/cookie_auth']);
    startEarlyReads('/products');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/cookie_auth',
      '/api/auth/cookie_auth',
      '/api/product',
      '/api/wallet/client',
      '/api/payment/usable',
    ]);
    expect(fetch.mock.calls[2]?.[1]).toMatchObject({
      credentials: 'include',
      headers: { 'x-platform': 'web', accept: 'application/json' },
    });
  });

  it("starts the wallet and its transactions on its screen, the history's first page on its, and the shift on the staff home and shift screens only", () => {
    const fetch = vi.fn<Fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    const reads = (pathname: string) => {
      fetch.mockClear();
      startEarlyReads(pathname);
      return fetch.mock.calls.map(([url]) => url).filter((url) => url !== '/api/auth/cookie_auth');
    };
    expect(reads('/wallet')).toEqual(['/api/wallet/client', '/api/wallet/transactions']);
    expect(reads('/dashboard/shift')).toEqual(['/api/shift/active', '/api/shift/today', '/api/centers']);
    expect(reads('/dashboard/sales')).toEqual([]);
    expect(reads('/dashboard/dispatch')).toEqual(['/api/delivery/board', '/api/centers']);
    expect(reads('/order/history')).toEqual(['/api/order/client?pageSize=10']);
    expect(reads('/order/history/2')).toEqual([]);
    // An order's page: the order as the api client asks for it, with the wallet, the saved card and
    // the order's payments, and the gas centers.
    expect(reads('/order/AR-1042')).toEqual([
      '/api/order/AR-1042',
      '/api/wallet/client',
      '/api/payment/usable',
      '/api/payment/order/AR-1042',
      '/api/centers',
    ]);
    expect(reads('/order/AR-1042/receipt')).toEqual([]);
    expect(reads('/settings')).toEqual([]);
  });

  it("starts the counter's shift and, beside it, the catalogue of the center the tablet last sold at", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ products: ['early'], priceVersion: 3 }));
    vi.stubGlobal('fetch', fetch);
    const reads = () => {
      fetch.mockClear();
      startEarlyReads('/dashboard/sell');
      return fetch.mock.calls.map(([url]) => url).filter((url) => url !== '/api/auth/cookie_auth');
    };
    // No center known yet on this tablet: the catalogue waits for the shift, as before.
    rememberCounterCenter(null);
    expect(reads()).toEqual(['/api/shift/active']);
    rememberCounterCenter('c-ikeja');
    expect(rememberedCounterCenter()).toBe('c-ikeja');
    expect(reads()).toEqual(['/api/shift/active', '/api/product?center=c-ikeja']);
    // The counter's own read of that catalogue takes the early answer.
    await expect(api.get('product', { searchParams: { center: 'c-ikeja' } })).resolves.toEqual({
      products: ['early'],
      priceVersion: 3,
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    rememberCounterCenter(null);
    expect(reads()).toEqual(['/api/shift/active']);
  });

  it('hands an answer out once, and not at all once it is old', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ok: 1 })),
    );
    startEarlyReads('/products', 1_000);
    const first = takeEarlyRead('product', 2_000);
    expect(await (await first)?.json()).toEqual({ ok: 1 });
    expect(takeEarlyRead('product', 2_000)).toBeUndefined();
    expect(takeEarlyRead('auth/cookie_auth', 1_000 + 10_001)).toBeUndefined();
  });

  it('lets the api client use the early answer instead of asking again, and ask afresh the next time', async () => {
    const fetch = vi.fn<Fetch>(async () => json({ products: ['early'] }));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/products');
    // The sign-in check, the catalogue, the wallet and the saved card.
    expect(fetch).toHaveBeenCalledTimes(4);
    await expect(api.get('product')).resolves.toEqual({ products: ['early'] });
    expect(fetch).toHaveBeenCalledTimes(4);
    fetch.mockImplementation(async () => json({ products: ['fresh'] }));
    await expect(api.get('product')).resolves.toEqual({ products: ['fresh'] });
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('asks again when the early request found no network', async () => {
    const fetch = vi.fn<Fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/settings');
    fetch.mockImplementation(async () => json({ auth: { isLogin: false } }));
    await expect(api.get('auth/cookie_auth')).resolves.toEqual({ auth: { isLogin: false } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("starts the staff home's shift and today's orders and sales, for the day in Lagos", () => {
    const fetch = vi.fn<Fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/dashboard', NOW);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/cookie_auth',
      '/api/shift/active',
      `/api/admin/orders?fromDate=${DAY}&toDate=${DAY}`,
      `/api/sales?fromDate=${DAY}&toDate=${DAY}`,
      '/api/centers',
    ]);
  });

  it("starts the shift screen's reads instead on the home of a member the app last saw off shift", () => {
    const fetch = vi.fn<Fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    const reads = () => {
      fetch.mockClear();
      startEarlyReads('/dashboard', NOW);
      return fetch.mock.calls.map(([url]) => url).filter((url) => url !== '/api/auth/cookie_auth');
    };
    const onShift = [
      '/api/shift/active',
      `/api/admin/orders?fromDate=${DAY}&toDate=${DAY}`,
      `/api/sales?fromDate=${DAY}&toDate=${DAY}`,
      '/api/centers',
    ];
    rememberOnShift(false);
    expect(reads()).toEqual(['/api/shift/active', '/api/shift/today', '/api/centers']);
    rememberOnShift(true);
    expect(reads()).toEqual(onShift);
  });

  it("remembers the shift the app reads: the home's next opening follows it", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ shift: null }));
    vi.stubGlobal('fetch', fetch);
    const { getActiveShift } = await import('../features/shift/api/active-shift');
    await getActiveShift();
    expect(localStorage.getItem('arrive.on-shift')).toBe('0');
    fetch.mockImplementation(async () => json({ shift: { id: 's1' } }));
    await getActiveShift();
    expect(localStorage.getItem('arrive.on-shift')).toBe('1');
  });

  it("answers a CEO's home cards, which ask for all centers, from the page's reads", async () => {
    const fetch = vi.fn<Fetch>(async () => json([]));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/dashboard', Date.now());
    const asked = fetch.mock.calls.length;
    const day = lagosDateKey(Date.now());
    const { salesTotalsQueryOptions } = await import('../features/sales/api/get-sales-totals');
    const { ordersQueryOptions } = await import('../features/dispatch/api/get-orders');
    const range = { fromDate: day, toDate: day, center: 'all' } as const;
    const sales = salesTotalsQueryOptions(range).queryFn;
    const orders = ordersQueryOptions(range).queryFn;
    if (!sales || !orders) throw new Error('the cards read nothing');
    await sales({} as never);
    await orders({} as never);
    expect(fetch.mock.calls.length).toBe(asked);
  });

  it('names a read with parameters by its path and its parameters that have a value, sorted', () => {
    expect(readKey('sales')).toBe('sales');
    expect(readKey('sales', {})).toBe('sales');
    expect(readKey('admin/orders', { toDate: DAY, status: undefined, fromDate: DAY, page: 2 })).toBe(
      `admin/orders?fromDate=${DAY}&page=2&toDate=${DAY}`,
    );
    expect(readKey('admin/orders', { q: 'a&b=c' })).toBe('admin/orders?q=a%26b%3Dc');
  });

  it('lets a read with parameters use the early answer when they are the same, in any order', async () => {
    const fetch = vi.fn<Fetch>(async () => json({ orders: ['early'] }));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/dashboard', Date.now());
    const day = lagosDateKey(Date.now());
    expect(fetch).toHaveBeenCalledTimes(5);
    // Another day is another read: asked afresh.
    fetch.mockImplementation(async () => json({ orders: ['fresh'] }));
    await expect(api.get('admin/orders', { searchParams: { fromDate: '2020-01-01', toDate: day } })).resolves.toEqual({
      orders: ['fresh'],
    });
    expect(fetch).toHaveBeenCalledTimes(6);
    fetch.mockImplementation(async () => json({ orders: ['again'] }));
    await expect(api.get('admin/orders', { searchParams: { toDate: day, fromDate: day } })).resolves.toEqual({
      orders: ['early'],
    });
    expect(fetch).toHaveBeenCalledTimes(6);
    takeEarlyRead(readKey('sales', { fromDate: day, toDate: day }), 0);
  });

  it("writes the day as the screens' filters do, on both sides of midnight in Lagos", () => {
    const start = Date.UTC(2026, 0, 1);
    for (let t = start; t < start + 366 * 86_400_000; t += 86_400_000 / 8 + 61_000) {
      expect(lagosDay(t)).toBe(lagosDateKey(t));
    }
    expect(lagosDay(Date.UTC(2026, 11, 31, 22, 59))).toBe('2026-12-31');
    expect(lagosDay(Date.UTC(2026, 11, 31, 23, 0))).toBe('2027-01-01');
  });

  it("hands the history's first page to the screen's own read, as the screen asks for it", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: { orders: [], nextCursor: null } }));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/order/history');
    expect(fetch).toHaveBeenCalledTimes(2);
    const { getClientOrders } = await import('../features/orders/api/get-client-orders');
    const { ORDER_HISTORY_PAGE_SIZE } = await import('../../domain/constants');
    await getClientOrders({ pageSize: ORDER_HISTORY_PAGE_SIZE, status: undefined, cursor: null });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("hands an order's page its order, as the screen asks for it", async () => {
    const fetch = vi.fn<Fetch>(async () => json({ data: { orderNumber: 'AR-1042' } }));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/order/AR-1042');
    expect(fetch).toHaveBeenCalledTimes(6);
    const { getOrder } = await import('../features/orders/api/client-orders');
    await getOrder('AR-1042');
    const { getOrderPayments } = await import('../features/payments/api/client-payments');
    await getOrderPayments('AR-1042');
    const { getCenters } = await import('../features/centers/api/centers');
    await getCenters();
    expect(fetch).toHaveBeenCalledTimes(6);
  });
});
