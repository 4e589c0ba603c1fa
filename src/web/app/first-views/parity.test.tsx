// The first views (features/*/light: HTML drawn before the app's code arrives) and the app's
// screens draw the same page twice; the app takes over the view's page in place. Each case here
// draws one fixture both ways and compares what a person meets: the visible text, in order, and
// the controls by role, name and whether they can be used. A rule stated differently by the two
// (a threshold, a label, a button shown by one only) fails it.
import { configure, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Center } from '../../../domain/schemas/center';
import type { DispatchBoard } from '../../../domain/schemas/delivery';
import type { ClientOrderPage, Order } from '../../../domain/schemas/order';
import type { Product } from '../../../domain/schemas/product';
import type { Shift } from '../../../domain/schemas/shift';
import type { Wallet, WalletTransaction } from '../../../domain/schemas/wallet';
import { boardQueryOptions } from '../../features/dispatch/api/deliveries';
import { DispatchBoardScreen } from '../../features/dispatch/components/dispatch-board-screen';
import { runBoard } from '../../features/dispatch/light/board-light';
import { dispatchDelivery } from '../../features/dispatch/test/fixtures';
import { getOrder } from '../../features/orders/api/client-orders';
import { OrderDetailScreen } from '../../features/orders/components/order-detail-screen';
import { OrderHistoryScreen } from '../../features/orders/components/order-history-screen';
import { OrderItemsTable } from '../../features/orders/components/order-items-table';
import { ProductsScreen } from '../../features/orders/components/products-screen';
import { ReceiptScreen } from '../../features/orders/components/receipt-screen';
import { type CheckoutWallet, orderItemsTable } from '../../features/orders/lib/order-model';
import { clearHistoryHandoff, clearOrderHandoff, clearShopHandoff } from '../../features/orders/lib/shop-handoff';
import { runHistory } from '../../features/orders/light/history-light';
import { itemsTableHtml, type OrderPage, orderAsksForApp, runOrder } from '../../features/orders/light/order-light';
import { runShop } from '../../features/orders/light/shop-light';
import { orderFixture, orderSummaryFixture, productsFixture } from '../../features/orders/test/fixtures';
import { SellScreen } from '../../features/sell/components/sell-screen';
import { ACTIVE_SHIFT_KEY, runCounter, STAFF_AUTH_KEY } from '../../features/sell/light/counter-light';
import { ACTIVE_SHIFT_CACHE_KEY } from '../../features/shift/api/active-shift';
import { ShiftPanel } from '../../features/shift/components/shift-panel';
import { runShift, STAFF_AUTH_KEY as SHIFT_STAFF_AUTH_KEY } from '../../features/shift/light/shift-light';
import type { ShiftPage } from '../../features/shift/light/shift-view';
import { shiftFixture } from '../../features/shift/test/fixtures';
import { WalletScreen } from '../../features/wallet/components/wallet-screen';
import { runWallet } from '../../features/wallet/light/wallet-light';
import { transactionsFixture, walletFixture } from '../../features/wallet/test/fixtures';
import { localDb } from '../../lib/local-db';
import { type Cached, freshCopy } from '../../lib/offline-copy';
import { createQueryClient } from '../../lib/query-client';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../test/center-fixtures';
import { type FakeRoutes, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { STAFF_AUTH_CACHE_KEY } from '../layouts/dashboard/staff-auth-snapshot';

// Mantine under jsdom is slow on a busy machine: the app's side is waited for, never slept on.
configure({ asyncUtilTimeout: 8000 });

const CONTROL_ROLES = ['button', 'link', 'textbox', 'combobox', 'radio', 'checkbox', 'tab', 'spinbutton'] as const;
const SKIPPED = new Set(['STYLE', 'SCRIPT', 'TEMPLATE', 'NOSCRIPT']);

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What a person meets on the page: its text, block by block, and its controls. */
function facts(root: HTMLElement) {
  const text: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node as HTMLElement;
    if (SKIPPED.has(element.tagName) || element.closest('[hidden], [aria-hidden="true"]')) continue;
    const ownText = [...element.childNodes].some(
      (n) => n.nodeType === Node.TEXT_NODE && normalize(n.textContent ?? ''),
    );
    if (ownText) text.push(normalize(element.textContent ?? ''));
  }
  const controls: string[] = [];
  for (const role of CONTROL_ROLES) {
    const names = new Map<HTMLElement, string>();
    within(root).queryAllByRole(role, {
      name: (name, element) => {
        names.set(element as HTMLElement, name);
        return true;
      },
    });
    for (const [element, name] of names) {
      const off = element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
      const href = element.getAttribute('href');
      // What a field holds ("All orders", 12.5) and whether a choice is taken belong to it too.
      const input = element instanceof HTMLInputElement ? element : null;
      const value = input && (role === 'textbox' || role === 'combobox') ? ` = "${input.value}"` : '';
      const checked = input?.checked || element.getAttribute('aria-checked') === 'true' ? ' (checked)' : '';
      controls.push(
        `${role} "${normalize(name)}"${href ? ` → ${href}` : ''}${value}${checked}${off ? ' (disabled)' : ''}`,
      );
    }
  }
  return { text, controls };
}

/** A first view's page: the shell's screen, busy until the view draws it. */
function shellScreen(): HTMLElement {
  document.body.innerHTML = '<main id="main"><div aria-busy="true"></div></main>';
  return document.querySelector<HTMLElement>('#main > div') as HTMLElement;
}

/** Draws the first view, waits for it to settle, and leaves the page empty for the app. */
async function viewFacts(draw: (screen: HTMLElement, cleanups: (() => void)[]) => void, settled?: string) {
  const screen = shellScreen();
  const cleanups: (() => void)[] = [];
  draw(screen, cleanups);
  if (settled) await within(screen).findAllByRole('heading', { name: settled });
  // A view's reads (the saved cart, the cylinders, the QR code) land before its facts are taken.
  await waitFor(() => expect(screen.querySelector('[aria-label^="Loading"]')).toBeNull());
  const seen = facts(screen);
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = '';
  return seen;
}

/** The app's screen for the same data, once it says the same, or the difference after the wait. */
async function expectAppSays(container: HTMLElement, view: ReturnType<typeof facts>) {
  await waitFor(() => expect(facts(container)).toEqual(view));
  if (process.env.PARITY_DUMP) console.log(JSON.stringify(view, null, 1));
  return view;
}

const runApp = () => new Promise<void>(() => {});
const card = { bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' };
const shortWallet: CheckoutWallet = { state: 'ready', balance: 1_000_000 };

/** Collected at the first center: without the centers list, both name it only. */
const unpaid = orderFixture({ centerId: ikejaCenter.id, centerName: ikejaCenter.name });
/** Collected at the second center: with the list, both give its address and hours. */
const paid = orderFixture({
  centerId: lekkiCenter.id,
  centerName: lekkiCenter.name,
  status: 'Paid',
  paymentStatus: 'success',
  paymentType: 'Electronic',
  canCancel: false,
  paidAt: '2026-03-05T09:40:00.000Z',
  pickupCode: '7YPV4Z',
  events: [
    { id: 'e1', kind: 'order', status: 'Not Paid', note: 'Order placed', at: '2026-03-05T09:30:00.000Z' },
    { id: 'e2', kind: 'order', status: 'Paid', note: null, at: '2026-03-05T09:40:00.000Z' },
  ],
});
/** A home delivery, paid, the rider on the way: its page is the app's (the live delivery card). */
const onItsWay = orderFixture({
  ...paid,
  id: '7a2d3b5f-4c8e-4f90-8b2c-3d4e5f6a7b8c',
  orderNumber: 'ARV-9D8E7F',
  deliveryOption: 'HomeDelivery',
  homeDeliveryType: 'DoubleWay',
  deliveryAddress: { line1: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos' },
  deliveryFee: 235_000,
  total: 1_797_500,
  deliveryDistanceKm: 9,
  deliveryFeeIsEstimate: true,
});

const orderRoutes = (order: Order): FakeRoutes => ({
  'GET order/:orderNumber': { status: 200, body: order },
  'GET order/qr_code/:orderId': {
    status: 200,
    body: { orderNumber: order.orderNumber, token: 'signed-token', pickupCode: '7YPV4Z' },
  },
});

async function orderParity(order: Cached<Order>, page: Omit<OrderPage, 'order'>) {
  const view = await viewFacts(
    (screen, cleanups) =>
      runOrder({
        screen,
        page: { order, ...page },
        clientId: 'client-1',
        read: () => Promise.resolve({ order, ...page }),
        runApp,
        cleanups,
      }),
    `Order ${order.data.orderNumber}`,
  );
  const { container } = renderWithProviders(
    <OrderDetailScreen
      orderNumber={order.data.orderNumber}
      onPay={vi.fn()}
      historyHref="/order/history"
      wallet={page.wallet}
      savedCard={page.card}
      centers={page.centers}
      followUp={{
        clientId: 'client-1',
        productsHref: '/products',
        receiptHref: `/order/${order.data.orderNumber}/receipt`,
      }}
    />,
  );
  return expectAppSays(container, view);
}

async function historyParity(first: Cached<ClientOrderPage>) {
  const view = await viewFacts((screen, cleanups) => runHistory({ screen, first, runApp, cleanups }), 'Order history');
  const { container } = renderWithProviders(
    <OrderHistoryScreen orderHref={(n) => `/order/${n}`} productsHref="/products" />,
  );
  await expectAppSays(container, view);
}

async function walletParity(wallet: Cached<{ wallet: Wallet }>, transactions: Cached<WalletTransaction[]>) {
  const view = await viewFacts(
    (screen, cleanups) => runWallet({ screen, wallet, transactions, runApp, cleanups }),
    'Wallet',
  );
  const { container } = renderWithProviders(<WalletScreen />);
  await expectAppSays(container, view);
}

async function shopParity(products: Product[]) {
  const catalogue = freshCopy({ products });
  const view = await viewFacts(
    (screen, cleanups) => runShop({ screen, clientId: 'client-1', catalogue, runApp, cleanups }),
    'Your cart',
  );
  const { container } = renderWithProviders(
    <ProductsScreen onPlaced={vi.fn()} clientId="client-1" wallet={shortWallet} savedCard={null} />,
  );
  await expectAppSays(container, view);
}

/** The staff's counter: drawn by its view from the tablet's copy, and by the app from the same catalogue. */
async function counterParity(products: Product[]) {
  const view = await viewFacts((screen) => runCounter({ screen, copy: { products }, runApp }), 'Basket');
  fakeApi({ 'GET product': { status: 200, body: { products } } });
  const { container } = renderWithProviders(
    <SellScreen seller={{ name: 'Chidi Eze' }} shiftCenter={{ known: true, centerId: null }} />,
  );
  await expectAppSays(container, view);
}

/** The staff's shift screen, on shift: drawn by its view, and by the app from the same shifts. */
async function shiftParity(page: ShiftPage) {
  const view = await viewFacts((screen) => runShift({ screen, page, runApp }), 'You are on shift');
  fakeApi({
    'GET shift/active': { status: 200, body: { shift: page.shift } },
    'GET shift/today': { status: 200, body: [...page.today] },
  });
  const { container } = renderWithProviders(<ShiftPanel onChanged={vi.fn()} centers={page.centers} />);
  return expectAppSays(container, view);
}

/**
 * The dispatch board: drawn by its view from the board's answer, and by the app from the same
 * answer, read at the same moment (the app takes the view's answer: routes/dashboard/dispatch.tsx).
 */
async function boardParity(board: DispatchBoard, centers: Center[]) {
  const updatedAt = Date.now();
  const view = await viewFacts((screen) => runBoard({ screen, page: { board, centers, updatedAt }, runApp }));
  const queryClient = createQueryClient();
  queryClient.setQueryData(boardQueryOptions().queryKey, board, { updatedAt });
  fakeApi({ 'GET delivery/board': { status: 200, body: board } });
  const { container } = renderWithProviders(<DispatchBoardScreen centers={centers} />, { queryClient });
  await expectAppSays(container, view);
}

/** A delivery in its state for `minutes`, from the first center. */
const onBoard = (id: string, over: Parameters<typeof dispatchDelivery>[0], minutes = 42) =>
  dispatchDelivery({
    id,
    orderNumber: `ARV-${id.toUpperCase()}`,
    centerId: ikejaCenter.id,
    centerName: ikejaCenter.name,
    statusChangedAt: new Date(Date.now() - minutes * 60_000).toISOString(),
    ...over,
  });
const boardRiders = [
  {
    staffId: 's1',
    clientId: 'r1',
    name: 'Tunde Rider',
    phone: '08030000204',
    onShift: true,
    openDeliveries: 1,
    centerIds: [ikejaCenter.id],
  },
  {
    staffId: 's2',
    clientId: 'r2',
    name: 'Musa Ibrahim',
    phone: '08010000004',
    onShift: false,
    openDeliveries: 0,
    centerIds: [ikejaCenter.id],
  },
];

beforeEach(async () => {
  await localDb.orders.clear();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  clearOrderHandoff();
  clearShopHandoff();
  clearHistoryHandoff();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the first views and the app draw the same screens', { timeout: 40_000 }, () => {
  describe("the staff's counter", () => {
    it('reads the staff session and the shift where the dashboard and the shift keep them', () => {
      expect(STAFF_AUTH_KEY).toBe(STAFF_AUTH_CACHE_KEY);
      expect(ACTIVE_SHIFT_KEY).toBe(ACTIVE_SHIFT_CACHE_KEY);
    });

    it('the same products, Add buttons and empty basket', async () => {
      await counterParity(productsFixture);
    });

    it('a product sold out, and a basket kept in the draft', async () => {
      const products = productsFixture.map((p, i) => (i === 1 ? { ...p, available: 0 } : p));
      const counted = products.filter((p) => p.type !== 'Gas');
      sessionStorage.setItem(
        'arrive.draft.sale.lines',
        JSON.stringify([
          { key: 'line-1', productId: counted[1]?.id, quantity: 2 },
          { key: 'line-2', productId: counted[2]?.id, quantity: 20 },
        ]),
      );
      await counterParity(products);
    });
  });

  describe("the staff's shift screen", () => {
    const onShift = shiftFixture({
      id: 'sh2',
      centerId: ikejaCenter.id,
      sales: { Cash: 1_250_000, Electronic: 300_000, Wallet: 150_000, orders: 4 },
      cashSales: 1_250_000,
      cashRefunds: 50_000,
      expectedCash: 1_700_000,
    });
    const ended: Shift = {
      ...onShift,
      id: 'sh1',
      startedAt: '2026-03-05T06:00:00.000Z',
      endedAt: '2026-03-05T07:30:00.000Z',
      workingNow: false,
      closingCash: 1_690_000,
      variance: -10_000,
    };

    it('reads the staff session where the dashboard keeps it', () => {
      expect(SHIFT_STAFF_AUTH_KEY).toBe(STAFF_AUTH_CACHE_KEY);
    });

    it("the shift's figures, where it is, the empty count and the day's shifts", async () => {
      const seen = await shiftParity({ shift: onShift, today: [onShift, ended], centers: twoCenters });
      expect(seen.text).toContain('At Arrive Gas Center');
    });

    it('a count kept in the draft, set against the expected cash, and one center (not named)', async () => {
      sessionStorage.setItem('arrive.draft.shift.amount', JSON.stringify({ kind: 'shift.end', amount: 17_100.5 }));
      const seen = await shiftParity({ shift: onShift, today: [onShift], centers: [ikejaCenter] });
      expect(seen.text).toContain('Over ₦100.50');
    });
  });

  describe("the staff's dispatch board", () => {
    it("a center's board: waiting, declined, on the road with its problems, finished; the center named", async () => {
      await boardParity(
        {
          deliveries: [
            onBoard('w1', {
              status: 'Pending',
              carrierClientId: null,
              carrierName: null,
              vehicle: null,
              note: 'Blue gate <opposite the church>',
              address: { line1: '3 Akoka Road', city: 'Yaba', state: 'Lagos', note: 'second floor' },
            }),
            onBoard('w2', { status: 'Rejected', type: 'DoubleWay' }, 75),
            onBoard('r1', {
              status: 'InTransit',
              steps: [
                { status: 'InTransit', at: '2026-11-29T08:10:00.000Z', byRider: true, located: true, note: null },
              ],
            }),
            onBoard('f1', { status: 'Delivered' }, 200),
          ],
          riders: boardRiders,
          centerId: ikejaCenter.id,
          mayChooseCenter: false,
        },
        twoCenters,
      );
    });

    it("every center's board for a Manager: the choice of center, each card's center, empty lanes", async () => {
      await boardParity(
        {
          deliveries: [onBoard('w1', { status: 'Pending', carrierClientId: null, carrierName: null })],
          riders: [],
          centerId: null,
          mayChooseCenter: true,
        },
        twoCenters,
      );
    });
  });

  describe('empty', () => {
    it('the shop with an empty cart: the same shelves, the same empty cart and checkout text', async () => {
      fakeApi({
        'GET product': { status: 200, body: { products: productsFixture } },
        'GET cylinder/user': { status: 200, body: { cylinders: [] } },
      });
      await shopParity(productsFixture);
    });

    it('the shop with stock running low and the gas sold out', async () => {
      const low = productsFixture.map((p) =>
        p.type === 'Gas' ? { ...p, available: 0.4 } : p.type === 'Burner' ? { ...p, available: 11 } : p,
      );
      fakeApi({
        'GET product': { status: 200, body: { products: low } },
        'GET cylinder/user': { status: 200, body: { cylinders: [] } },
      });
      await shopParity(low);
    });

    it('the history without orders, its "All orders" filter in both', async () => {
      fakeApi({ 'GET order/client': { status: 200, body: { orders: [], pageSize: 10, nextCursor: null } } });
      await historyParity(freshCopy({ orders: [], pageSize: 10, nextCursor: null }));
    });

    it('the wallet without transactions', async () => {
      fakeApi({
        'GET wallet/client': { status: 200, body: { wallet: walletFixture } },
        'GET wallet/transactions': { status: 200, body: [] },
      });
      await walletParity(freshCopy({ wallet: walletFixture }), freshCopy([]));
    });
  });

  describe('unpaid', () => {
    it('an order the wallet does not cover: the same buttons, shortfall and top-up link', async () => {
      fakeApi(orderRoutes(unpaid));
      const seen = await orderParity(freshCopy(unpaid), { wallet: shortWallet, card });
      expect(seen.text).toContain('Collect at Arrive Gas Center');
    });

    it('an order and no wallet yet: the create-a-wallet line', async () => {
      fakeApi(orderRoutes(unpaid));
      await orderParity(freshCopy(unpaid), { wallet: { state: 'none' }, card: null });
    });
  });

  describe('paid', () => {
    it('a paid pickup order: its pickup code, receipt link, items, gas center and timeline', async () => {
      fakeApi(orderRoutes(paid));
      const seen = await orderParity(freshCopy(paid), { wallet: shortWallet, card, centers: twoCenters });
      expect(seen.text).toContain(
        'Collect at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos · Open Mon–Sun 8:00–20:00',
      );
    });

    it('the history of orders in every state, and the wallet with its transactions', async () => {
      const page: ClientOrderPage = {
        orders: [
          orderSummaryFixture(unpaid),
          orderSummaryFixture({ ...paid, id: 'o2', orderNumber: 'ARV-2B3C4D' }),
          orderSummaryFixture({ ...paid, id: 'o3', orderNumber: 'ARV-3C4D5E', status: 'Delivered' }),
          orderSummaryFixture({ ...unpaid, id: 'o4', orderNumber: 'ARV-4D5E6F', status: 'Cancelled' }),
          orderSummaryFixture(onItsWay),
        ],
        pageSize: 10,
        nextCursor: null,
      };
      fakeApi({ 'GET order/client': { status: 200, body: page } });
      await historyParity(freshCopy(page));
      const pending: WalletTransaction[] = [
        ...transactionsFixture,
        { ...(transactionsFixture[0] as WalletTransaction), id: 'p', status: 'pending', amount: 90_000 },
      ];
      fakeApi({
        'GET wallet/client': { status: 200, body: { wallet: walletFixture } },
        'GET wallet/transactions': { status: 200, body: pending },
      });
      await walletParity(freshCopy({ wallet: walletFixture }), freshCopy(pending));
    });
  });

  describe('delivery on its way', () => {
    it("is the app's page; its items table, with the distance, is the one the view and the receipt draw", async () => {
      expect(orderAsksForApp(onItsWay)).toBe(true);
      const table = orderItemsTable(onItsWay);
      const viewRoot = document.createElement('div');
      viewRoot.innerHTML = itemsTableHtml(table);
      document.body.append(viewRoot);
      const view = facts(viewRoot);
      viewRoot.remove();
      expect(view.text).toContain('Delivery (9.0 km, estimated, collect and return)');
      const app = renderWithProviders(<OrderItemsTable table={table} />);
      expect(facts(app.container)).toEqual(view);
      app.unmount();

      // The receipt: the same rows, its total named for what it is.
      fakeApi(orderRoutes(onItsWay));
      const receipt = renderWithProviders(
        <ReceiptScreen orderNumber={onItsWay.orderNumber} orderHref="/order/x" receiptUrl="https://arrive.test/r" />,
      );
      const rows = orderItemsTable(onItsWay, { totalLabel: 'Total paid' });
      const receiptView = document.createElement('div');
      receiptView.innerHTML = itemsTableHtml(rows);
      const expected = facts(receiptView).text;
      await waitFor(() => {
        const tables = receipt.container.querySelectorAll('table');
        expect(tables.length).toBe(2);
        expect(facts(tables[1] as HTMLElement).text).toEqual(expected);
      });
    });
  });

  describe('offline copy', () => {
    it("an unpaid order from the device's copy: its age, and paying off", async () => {
      fakeApi(orderRoutes(unpaid));
      await getOrder(unpaid.orderNumber);
      fakeApi({}, { otherwise: { offline: true } });
      const saved = await getOrder(unpaid.orderNumber);
      expect(saved.fromCache).toBe(true);
      await orderParity(saved, { wallet: { state: 'unavailable' }, card: null });
    });

    it("the history and the wallet from the device's copies", async () => {
      const page = { orders: [orderSummaryFixture(paid)], pageSize: 10, nextCursor: null };
      fakeApi({ 'GET order/client': { status: 200, body: page } });
      const { getClientOrders } = await import('../../features/orders/api/client-orders');
      await getClientOrders({ pageSize: 10 });
      fakeApi({}, { otherwise: { offline: true } });
      const savedPage = await getClientOrders({ pageSize: 10 });
      expect(savedPage.fromCache).toBe(true);
      await historyParity(savedPage);

      const { getClientWallet, getWalletTransactions } = await import('../../features/wallet/api/client-wallet');
      fakeApi({
        'GET wallet/client': { status: 200, body: { wallet: walletFixture } },
        'GET wallet/transactions': { status: 200, body: transactionsFixture },
      });
      await getClientWallet();
      await getWalletTransactions();
      fakeApi({}, { otherwise: { offline: true } });
      const wallet = await getClientWallet();
      const transactions = await getWalletTransactions();
      expect(wallet.fromCache && transactions.fromCache).toBe(true);
      await walletParity({ ...wallet, data: { wallet: wallet.data.wallet as Wallet } }, transactions);
    });
  });
});
