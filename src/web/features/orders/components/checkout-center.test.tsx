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
    'GET product': { status: 200, body: { products: productsFixture } },
    'GET map/areas': { status: 200, body: { areas: [{ name: 'Yaba', lat: 6.5, lng: 3.37 }] } },
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
      'Arrive Gas CenterAllen Avenue, Ikeja, Lagos · Open Mon–Sat 7:00–19:00',
      'Arrive LekkiAdmiralty Way, Lekki Phase 1, Lagos · Open Mon–Sun 8:00–20:00',
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
});
