import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { Cylinder } from '../../../../domain/schemas/cylinder';
import type { NewOrderInput } from '../../../../domain/schemas/order';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { deleteCached, putCached } from '../../../lib/local-db';
import { type FakeAnswer, type FakeRoutes, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CATALOGUE_CACHE_KEY } from '../api/get-products';
import { emptyCheckoutDraft, handOverCart } from '../lib/cart-store';
import { handOverShop, peekShopHandoff } from '../lib/shop-handoff';
import { burnerLine, orderFixture, productsFixture, quoteFor } from '../test/fixtures';
import type { CheckoutWallet } from './checkout-panel';
import { ProductsScreen } from './products-screen';

// Counts the drawings of product cards, to see what redraws the shelves.
const cardDrawings = vi.hoisted(() => ({ count: 0 }));
vi.mock('./product-card', async (importOriginal) => {
  const original = await importOriginal<typeof import('./product-card')>();
  return {
    ProductCard: (props: Parameters<typeof original.ProductCard>[0]) => {
      cardDrawings.count++;
      return createElement(original.ProductCard, props);
    },
  };
});

// The real api client runs against the fake API; this watches what the screen sends.
let post: MockInstance<typeof api.post>;

const cylinder = (over: Partial<Cylinder>): Cylinder => ({
  id: 'c1',
  sizeKg: 6,
  serialNumber: 'NG-6-001',
  label: null,
  expiryDate: '2031-01-31',
  expired: false,
  expiresSoon: false,
  warning: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
let cylinders: Cylinder[] = [];

/** The catalogue, areas, addresses and the client's cylinders; `more` answers the rest. */
const serve = (more: FakeRoutes = {}) =>
  fakeApi({
    'GET product': { status: 200, body: { products: productsFixture } },
    'GET map/areas': { status: 200, body: { areas: [{ name: 'Yaba', lat: 6.5, lng: 3.37 }] } },
    'GET address/previous_deliver': { status: 200, body: { addresses: [] } },
    'GET cylinder/user': () => ({ status: 200, body: { cylinders } }),
    ...more,
  });

beforeEach(() => {
  post = vi.spyOn(api, 'post');
  cylinders = [];
  serve();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The shop, with a button that gives it the wallet the route reads meanwhile. */
function WalletArrives() {
  const [wallet, setWallet] = useState<CheckoutWallet>({ state: 'loading' });
  return (
    <>
      <button type="button" onClick={() => setWallet({ state: 'ready', balance: 5_000_000 })}>
        wallet read
      </button>
      <ProductsScreen onPlaced={() => {}} wallet={wallet} />
    </>
  );
}

// Rendering Mantine under jsdom is slow on a busy machine: generous waits, never sleeps.
configure({ asyncUtilTimeout: 5000 });
describe('ProductsScreen', { timeout: 20_000 }, () => {
  it("takes over the shop's first view: the page where it was, the cart handed over, the dialog asked for", async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    handOverCart('client-9', {
      cart: [burnerLine(2)],
      checkout: emptyCheckoutDraft,
    });
    handOverShop({ scrollY: 640, intent: 'add-cylinder' });
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} clientId="client-9" />);
    expect(await screen.findByRole('dialog', { name: 'Add a cylinder' })).toBeInTheDocument();
    expect(screen.getByLabelText('2 items in cart')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    expect(peekShopHandoff()).toBeNull();
    scrollTo.mockRestore();
  });

  it('shows prices upfront: per kg for gas, per cylinder size, and stock', async () => {
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} />);
    expect(await screen.findByText('₦1,250.00 per kg')).toBeInTheDocument();
    expect(screen.getByText('12.5 kg · ₦15,625.00')).toBeInTheDocument();
    expect(screen.getByText('50 kg · ₦62,500.00')).toBeInTheDocument();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Table-top gas cooker, 2 burners' })).toBeDisabled();
  });

  it('draws the shelves again for the cart, not for the wallet arriving while the shop opens', async () => {
    renderWithProviders(<WalletArrives />);
    const add = await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' });
    const drawn = cardDrawings.count;
    fireEvent.click(screen.getByRole('button', { name: 'wallet read' }));
    expect(cardDrawings.count).toBe(drawn);
    fireEvent.click(add);
    await waitFor(() => expect(cardDrawings.count).toBeGreaterThan(drawn));
    expect(screen.getByLabelText('1 in cart')).toBeInTheDocument();
  });

  it('quotes the cart on the server and places the order once with an idempotency key', async () => {
    serve({
      'POST order/quote': ({ body }) => ({ status: 200, body: quoteFor(body as NewOrderInput) }),
      'POST order/new': { status: 200, body: orderFixture() },
    });
    const onPlaced = vi.fn();
    renderWithProviders(<ProductsScreen onPlaced={onPlaced} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Add 12.5 kg refill/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    expect(screen.getByText('Gas refill: 12.5 kg in a 12.5 kg cylinder')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    const place = await screen.findByRole('button', { name: 'Place order and pay' });
    await waitFor(() => expect(place).toBeEnabled());
    expect(screen.getAllByText('₦24,125.00').length).toBeGreaterThan(0);
    fireEvent.click(place);
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'ARV-7K2M9Q' }), { method: 'card' }),
    );
    const calls = post.mock.calls.filter(([path]) => path === 'order/new');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]).toEqual({
      type: 'Gas and Product',
      deliveryOption: 'PickerUP',
      items: [
        { productId: 'g', quantity: 12.5, sizeKg: 12.5 },
        { productId: 'b', quantity: 1 },
      ],
      // The total the quote showed, checked by the server.
      expectedTotal: 2_412_500,
    });
    expect(calls[0]?.[2]).toEqual({ idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('keeps a cleared kg or quantity empty while the next number is typed, and the line in the cart', async () => {
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} />);
    const kg = await screen.findByRole('textbox', { name: /Amount of gas/ });
    // Cleared, the field is empty, not 0 (whose 0 took the next digit behind it on a phone: 6
    // became 60, the cylinder's whole 12.5 kg).
    await userEvent.clear(kg);
    expect(kg).toHaveValue('');
    expect(screen.getByRole('button', { name: /^Add 0 kg refill/ })).toBeDisabled();
    await userEvent.type(kg, '6');
    fireEvent.click(screen.getByRole('button', { name: /^Add 6 kg refill · ₦7,500.00/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Single burner (cylinder top)' });
    // Emptied to type another quantity: the line stays (it was removed at the first backspace).
    await userEvent.clear(quantity);
    expect(quantity).toHaveValue('');
    expect(screen.getByText('Single burner (cylinder top)', { selector: 'ul p' })).toBeInTheDocument();
    await userEvent.type(quantity, '3');
    expect(screen.getByLabelText('3 in cart')).toBeInTheDocument();
    // The phone's bar names the items' sum a subtotal: checkout adds delivery to it.
    expect(screen.getByText(/^4 in cart · subtotal ₦/)).toBeInTheDocument();
    // Left empty, it shows the quantity again; 0 typed removes the line, as × does.
    await userEvent.clear(quantity);
    await userEvent.tab();
    expect(quantity).toHaveValue('3');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    expect(screen.queryByRole('textbox', { name: 'Quantity of Single burner (cylinder top)' })).not.toBeInTheDocument();
    expect(screen.getByText('Gas refill: 6 kg in a 12.5 kg cylinder')).toBeInTheDocument();
  });

  it('asks for an address for home delivery and shows the delivery fee before confirming', async () => {
    serve({ 'POST order/quote': ({ body }) => ({ status: 200, body: quoteFor(body as NewOrderInput) }) });
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Home delivery' }));
    expect(screen.getByRole('button', { name: 'Enter the street address and area' })).toBeDisabled();
    fireEvent.change(await screen.findByLabelText(/Street address/), { target: { value: '12 Herbert Macaulay Way' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Area/ }), { target: { value: 'Yaba' } });
    expect(await screen.findByText('Delivery (9.0 km, estimated)')).toBeInTheDocument();
    expect(screen.getByText('₦2,350.00')).toBeInTheDocument();
    expect(screen.getByText('₦10,850.00')).toBeInTheDocument();
  });

  it("warns about the client's expired cylinder and refills a good one by its size", async () => {
    cylinders = [
      cylinder({}),
      cylinder({
        id: 'c2',
        sizeKg: 12.5,
        serialNumber: 'NG-12-OLD',
        expiryDate: '2019-05-01',
        expired: true,
        warning: 'This cylinder is past its safe life. Do not refill it: bring it in for inspection or replace it.',
      }),
    ];
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('past its safe life');
    expect(screen.getByRole('button', { name: 'Refill 12.5 kg cylinder NG-12-OLD' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Refill 6 kg cylinder NG-6-001' }));
    expect(await screen.findByRole('button', { name: 'Add 6 kg refill · ₦7,500.00' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a quote and keeps the order button off", async () => {
    serve({
      'POST order/quote': {
        status: 409,
        body: {
          type: 'Conflict',
          status: 409,
          message: 'Only 1 item of Single burner (cylinder top) left; you asked for 2 items',
        },
      },
    });
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} />);
    const add = await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    expect(await screen.findByText(/Only 1 item of Single burner/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order and pay' })).toBeDisabled();
  });

  it('opens with the catalogue saved on the device while the network answers, then shows the new prices', async () => {
    // Saved on an earlier visit at ₦1,200 a kg; the server now says ₦1,250 but takes its time.
    const older = productsFixture.map((p) => (p.type === 'Gas' ? { ...p, price: 120_000 } : p));
    await putCached('orders', CATALOGUE_CACHE_KEY, { products: older });
    let answer: (value: FakeAnswer<ProductList>) => void = () => {};
    serve({ 'GET product': () => new Promise<FakeAnswer<ProductList>>((resolve) => (answer = resolve)) });
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} />);
    expect(await screen.findByText('₦1,200.00 per kg')).toBeInTheDocument();
    // Not an offline copy: no notice about its age while the catalogue is on its way.
    expect(screen.queryByRole('status', { name: /Prices from/ })).toBeNull();
    expect(screen.queryByText(/Prices from/)).toBeNull();
    answer({ status: 200, body: { products: productsFixture } });
    expect(await screen.findByText('₦1,250.00 per kg')).toBeInTheDocument();
    expect(screen.queryByText('₦1,200.00 per kg')).toBeNull();
    await deleteCached('orders', CATALOGUE_CACHE_KEY);
  });

  it('adds a cylinder from its dialog; sent again after closing it, it is recorded once', async () => {
    const saved = cylinder({ id: 'c9', sizeKg: 12.5, serialNumber: 'NG-12-777', expiryDate: '2031-06-30' });
    const api = serve({ 'POST cylinder/user': [{ offline: true }, { status: 201, body: saved }] });
    renderWithProviders(<ProductsScreen onPlaced={vi.fn()} />);
    const fill = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Add a cylinder' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a cylinder' });
      fireEvent.change(await within(dialog).findByLabelText(/Serial number/), { target: { value: 'NG-12-777' } });
      fireEvent.change(within(dialog).getByLabelText(/Expiry or retest date/), { target: { value: '2031-06-30' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save cylinder' }));
      return dialog;
    };
    // The first try finds no network; the client closes the dialog and tries again later.
    const first = await fill();
    expect(await within(first).findByRole('alert')).toBeInTheDocument();
    fireEvent.keyDown(first, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a cylinder' })).toBeNull());
    await fill();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a cylinder' })).toBeNull());
    const sent = api.calls.filter((c) => c.method === 'POST' && c.path === 'cylinder/user');
    expect(sent.map((c) => c.body)).toEqual([
      { sizeKg: 12.5, serialNumber: 'NG-12-777', expiryDate: '2031-06-30' },
      { sizeKg: 12.5, serialNumber: 'NG-12-777', expiryDate: '2031-06-30' },
    ]);
    const [a, b] = sent.map((c) => c.headers.get('idempotency-key'));
    expect(a).toBeTruthy();
    expect(b).toBe(a);
  });
});
