import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Center } from '../../../../domain/schemas/center';
import type { NewOrderInput } from '../../../../domain/schemas/order';
import { clearLocalData } from '../../../lib/local-db';
import { ikejaCenter, lekkiCenter } from '../../../test/center-fixtures';
import { type FakeCall, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { orderFixture, productsFixture, quoteFor } from '../test/fixtures';
import { ProductsScreen } from './products-screen';

configure({ asyncUtilTimeout: 5000 });

let calls: FakeCall[] = [];
beforeEach(async () => {
  await clearLocalData();
  calls = fakeApi({
    // Arrive Lekki has no burner left; the first center (and the shop's own list) has.
    'GET product': ({ query }) => ({
      status: 200,
      body: {
        products:
          query.get('center') === lekkiCenter.id
            ? productsFixture.map((p) => (p.id === 'b' ? { ...p, available: 0 } : p))
            : productsFixture,
      },
    }),
    'GET map/areas': {
      status: 200,
      body: {
        areas: [
          { name: 'Yaba', lat: 6.5095, lng: 3.3711 },
          { name: 'Lekki Phase 1', lat: 6.4478, lng: 3.4723 },
        ],
      },
    },
    'GET address/previous_deliver': { status: 200, body: { addresses: [] } },
    'GET cylinder/user': { status: 200, body: { cylinders: [] } },
    'POST order/quote': ({ body }) => ({ status: 200, body: quoteFor(body as NewOrderInput) }),
    'POST order/new': { status: 200, body: orderFixture() },
  }).calls;
});
afterEach(() => vi.unstubAllGlobals());

/** The shop with these centers and a burner in the cart; answers the checkout's section. */
async function checkoutWith(centers: Center[] | undefined) {
  const onPlaced = vi.fn();
  renderWithProviders(<ProductsScreen onPlaced={onPlaced} centers={centers} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Add Single burner (cylinder top)' }));
  return { onPlaced, checkout: await screen.findByRole('region', { name: 'Delivery and payment' }) };
}

/** Card chosen and Place order pressed: the body the order was placed with. */
async function placeOrder(): Promise<NewOrderInput> {
  fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
  const place = screen.getByRole('button', { name: 'Place order and pay' });
  await waitFor(() => expect(place).toBeEnabled());
  fireEvent.click(place);
  await waitFor(() => expect(calls.some((c) => c.path === 'order/new')).toBe(true));
  return calls.find((c) => c.path === 'order/new')?.body as NewOrderInput;
}

describe('Checkout: the gas center to collect from', { timeout: 20_000 }, () => {
  it('offers each center by name with its address and hours, the first preselected, and sends the one chosen', async () => {
    // Listed out of order: the checkout lists them by name.
    const { checkout } = await checkoutWith([lekkiCenter, ikejaCenter]);
    const choice = within(checkout).getByRole('radiogroup', { name: 'Gas center to collect from' });
    const options = within(choice).getAllByRole('radio');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Arrive Gas CenterAllen Avenue, Ikeja, Lagos · Open Mon–Sat 7:00–19:00/),
      expect.stringMatching(/^Arrive LekkiAdmiralty Way, Lekki Phase 1, Lagos · Open Mon–Sun 8:00–20:00/),
    ]);
    expect(options[0]).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(within(choice).getByRole('radio', { name: /^Arrive Lekki/ }));
    await waitFor(() =>
      expect(within(choice).getByRole('radio', { name: /^Arrive Lekki/ })).toHaveAttribute('aria-checked', 'true'),
    );
    // The quote prices the order where it will be collected, and the order goes there.
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'order/quote' && (c.body as NewOrderInput).centerId === lekkiCenter.id)).toBe(
        true,
      ),
    );
    expect(await placeOrder()).toMatchObject({ deliveryOption: 'PickerUP', centerId: lekkiCenter.id });
  });

  it('asks for someone else’s pickup too, and not for a home delivery, which comes from the nearest center', async () => {
    const { checkout } = await checkoutWith([ikejaCenter, lekkiCenter]);
    fireEvent.click(within(checkout).getByRole('radio', { name: 'Picked up by someone else' }));
    expect(within(checkout).getByRole('radiogroup', { name: 'Gas center to collect from' })).toBeInTheDocument();
    fireEvent.click(within(checkout).getByRole('radio', { name: 'Home delivery' }));
    expect(within(checkout).queryByRole('radiogroup', { name: 'Gas center to collect from' })).not.toBeInTheDocument();
  });

  it('shows no choice with one center, and the order names none, as before', async () => {
    const { checkout } = await checkoutWith([ikejaCenter]);
    expect(within(checkout).queryByRole('radiogroup', { name: 'Gas center to collect from' })).not.toBeInTheDocument();
    expect(await placeOrder()).not.toHaveProperty('centerId');
  });

  /** The browser's geolocation, as the test answers it (jsdom has none). */
  const withGeolocation = (getCurrentPosition: unknown) =>
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  /** The names of the centers offered, in the order shown. */
  const offered = (checkout: HTMLElement) =>
    within(within(checkout).getByRole('radiogroup', { name: /Gas center to collect from/ }))
      .getAllByRole('radio')
      .map((o) => o.querySelector('p')?.textContent);

  it('lists the centers nearest the area of the address chosen first, with their distance', async () => {
    const { checkout } = await checkoutWith([ikejaCenter, lekkiCenter]);
    expect(offered(checkout)).toEqual(['Arrive Gas Center', 'Arrive Lekki']);
    // The client typed a Lekki address for a delivery, then chose pickup after all.
    fireEvent.click(within(checkout).getByRole('radio', { name: 'Home delivery' }));
    fireEvent.change(await within(checkout).findByRole('combobox', { name: /Area/ }), {
      target: { value: 'Lekki Phase 1' },
    });
    fireEvent.click(within(checkout).getByRole('radio', { name: 'Pickup at the gas center' }));
    await waitFor(() => expect(offered(checkout)).toEqual(['Arrive Lekki', 'Arrive Gas Center']));
    expect(within(checkout).getByText('Nearest to Lekki Phase 1 first')).toBeInTheDocument();
    const choice = within(checkout).getByRole('radiogroup', { name: /Gas center to collect from/ });
    expect(within(choice).getByRole('radio', { name: /^Arrive Lekki/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(choice).getByRole('radio', { name: /^Arrive Lekki/ }).textContent).toMatch(/· 100 m away/);
    expect(within(choice).getByRole('radio', { name: /^Arrive Gas Center/ }).textContent).toMatch(/· 21.7 km away/);
    // The center shown chosen is the one the order goes to.
    expect(await placeOrder()).toMatchObject({ deliveryOption: 'PickerUP', centerId: lekkiCenter.id });
  });

  it('asks for the phone’s position only on “Use my location”, then lists the nearest first', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 6.45, longitude: 3.47 } } as GeolocationPosition),
    );
    withGeolocation(getCurrentPosition);
    const { checkout } = await checkoutWith([ikejaCenter, lekkiCenter]);
    expect(offered(checkout)).toEqual(['Arrive Gas Center', 'Arrive Lekki']);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    fireEvent.click(within(checkout).getByRole('button', { name: 'Use my location' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(offered(checkout)).toEqual(['Arrive Lekki', 'Arrive Gas Center']));
    expect(within(checkout).getByText('Nearest to you first')).toBeInTheDocument();
    // Ordered here: the position is not sent anywhere.
    expect(calls.some((c) => JSON.stringify(c).includes('6.45'))).toBe(false);
  });

  it('says when the position cannot be had, and keeps the list by name', async () => {
    const getCurrentPosition = vi.fn((_: PositionCallback, failure: PositionErrorCallback) =>
      failure({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    );
    withGeolocation(getCurrentPosition);
    const { checkout } = await checkoutWith([ikejaCenter, lekkiCenter]);
    fireEvent.click(within(checkout).getByRole('button', { name: 'Use my location' }));
    expect(await within(checkout).findByRole('status')).toHaveTextContent(/Location is not allowed/);
    expect(offered(checkout)).toEqual(['Arrive Gas Center', 'Arrive Lekki']);
  });

  it('says whether each center has the cart’s items, from its own stock', async () => {
    const { checkout } = await checkoutWith([ikejaCenter, lekkiCenter]);
    const choice = within(checkout).getByRole('radiogroup', { name: /Gas center to collect from/ });
    await waitFor(() =>
      expect(within(choice).getByRole('radio', { name: /^Arrive Lekki/ })).toHaveTextContent('Not enough stock here'),
    );
    expect(within(choice).getByRole('radio', { name: /^Arrive Gas Center/ })).toHaveTextContent('In stock');
    const asked = calls.filter((c) => c.path === 'product').length;
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('prices the cart at the chosen center, and says its price before the client pays', async () => {
    // Arrive Lekki sells the burner at its own price: ₦9,000, where the shop's list says ₦8,500.
    const atLekki = productsFixture.map((p) => (p.id === 'b' ? { ...p, price: 900_000 } : p));
    calls = fakeApi({
      'GET product': ({ query }) => ({
        status: 200,
        body: { products: query.get('center') === lekkiCenter.id ? atLekki : productsFixture },
      }),
      'GET map/areas': { status: 200, body: { areas: [] } },
      'POST order/quote': ({ body }) => {
        const input = body as NewOrderInput;
        const quote = quoteFor(input);
        if (input.centerId !== lekkiCenter.id) return { status: 200, body: quote };
        const items = quote.items.map((i) =>
          i.productId === 'b' ? { ...i, unitPrice: 900_000, lineTotal: 900_000 * i.quantity } : i,
        );
        const subtotal = items.reduce((sum, i) => sum + i.lineTotal, 0);
        return { status: 200, body: { ...quote, items, subtotal, total: subtotal, centerId: lekkiCenter.id } };
      },
      'POST order/new': { status: 200, body: orderFixture() },
    }).calls;
    const { checkout } = await checkoutWith([ikejaCenter, lekkiCenter]);
    const cart = screen.getByRole('region', { name: 'Your cart' });
    expect(within(cart).getByText(/₦8,500/)).toBeInTheDocument();
    // At the first center the shop's list holds: nothing to say.
    expect(within(checkout).queryByText(/^Prices at/)).not.toBeInTheDocument();
    const choice = within(checkout).getByRole('radiogroup', { name: 'Gas center to collect from' });
    fireEvent.click(within(choice).getByRole('radio', { name: /^Arrive Lekki/ }));
    expect(await within(checkout).findByText('Prices at Arrive Lekki')).toBeInTheDocument();
    expect(
      within(checkout).getByText("Single burner (cylinder top): ₦9,000.00 here (₦8,500.00 in the shop's list)"),
    ).toBeInTheDocument();
    expect(within(cart).getAllByText(/₦9,000/).length).toBeGreaterThan(0);
    expect(within(cart).queryByText(/₦8,500/)).not.toBeInTheDocument();
    await waitFor(() => expect(within(checkout).getByText('Total').nextSibling).toHaveTextContent('₦9,000.00'));
    expect(await placeOrder()).toMatchObject({ centerId: lekkiCenter.id, expectedTotal: 900_000 });
  });
});
