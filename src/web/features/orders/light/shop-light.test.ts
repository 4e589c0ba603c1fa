import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCached, getCached, putCached } from '../../../lib/saved-copies';
import { fakeApi } from '../../../test/fake-api';
import { CATALOGUE_CACHE_KEY } from '../api/catalogue';
import { loadSavedCart } from '../lib/cart-store';
import { clearShopHandoff, peekShopHandoff } from '../lib/shop-handoff';
import { burnerLine, productsFixture } from '../test/fixtures';
import { readCatalogue, runShop } from './shop-light';

const CLIENT = 'client-7';

/** The shell's screen, as the prerendered page has it. */
function shellScreen() {
  document.body.innerHTML = '<main id="main"><div aria-busy="true"><h1>Order gas and products</h1></div></main>';
  return document.querySelector<HTMLElement>('#main > div') as HTMLElement;
}

async function start(runApp = vi.fn(() => Promise.resolve())) {
  const catalogue = await readCatalogue();
  const cleanup = vi.fn();
  runShop({ screen: shellScreen(), clientId: CLIENT, catalogue, runApp, cleanups: [cleanup] });
  // The saved cart has been read: the count shows.
  await screen.findByLabelText('0 items in cart');
  return { runApp, cleanup };
}

beforeEach(() => {
  fakeApi({
    'GET product': { status: 200, body: { products: productsFixture } },
    'GET cylinder/user': { status: 200, body: { cylinders: [] } },
  });
});

afterEach(async () => {
  clearShopHandoff();
  await loadSavedCart('nobody'); // drops a hand-over no test took
  await deleteCached('carts', CLIENT);
  await deleteCached('orders', CATALOGUE_CACHE_KEY);
  document.body.innerHTML = '';
});

describe("the shop's first view", () => {
  it('draws the catalogue as the app does, and answers without running the app', async () => {
    const { runApp } = await start();
    expect(screen.getByRole('heading', { name: 'Order gas and products', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gas refill' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '12.5 kg · ₦15,625.00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add 12.5 kg refill · ₦15,625.00' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add 12.5 kg gas cylinder' })).toBeEnabled();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty. Add a gas refill or a product.')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(runApp).not.toHaveBeenCalled();
  });

  it('checks the kg as typed, for the size chosen', async () => {
    await start();
    const user = userEvent.setup();
    const kg = screen.getByLabelText('Amount of gas (kg)');
    await user.clear(kg);
    await user.type(kg, '13');
    expect(screen.getByText('Enter 0.5 to 12.5 kg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add 13 kg refill/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '6 kg · ₦7,500.00' }));
    // A new size starts as a full fill.
    expect(kg).toHaveValue('6');
    expect(screen.getByRole('button', { name: 'Add 6 kg refill · ₦7,500.00' })).toBeEnabled();
  });

  it('adds to the cart, keeps it on the device and hands the page to the app once, the cart with it', async () => {
    let finish = () => {};
    const runApp = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await start(runApp);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    await user.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    const cart = screen.getByRole('region', { name: 'Your cart' });
    expect(within(cart).getByLabelText('2 items in cart')).toBeInTheDocument();
    expect(within(cart).getByLabelText('Quantity of Single burner (cylinder top)')).toHaveValue('2');
    expect(screen.getByLabelText('2 in cart')).toBeInTheDocument();
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Opening the checkout…')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await getCached<{ cart: unknown[] }>('carts', CLIENT))?.value.cart).toHaveLength(1),
    );
    // The app's shop reads the cart as it is now, where the page was.
    expect((await loadSavedCart(CLIENT))?.cart).toEqual([expect.objectContaining({ productId: 'b', quantity: 2 })]);
    expect(peekShopHandoff()).toEqual({ scrollY: 0, intent: null });
    finish();
  });

  it('a cart saved on this device comes back and brings the checkout', async () => {
    await putCached('carts', CLIENT, {
      cart: [burnerLine(3, 1)],
      checkout: { deliveryOption: 'HomeDelivery' },
    });
    const runApp = vi.fn(() => Promise.resolve());
    const catalogue = await readCatalogue();
    runShop({ screen: shellScreen(), clientId: CLIENT, catalogue, runApp, cleanups: [] });
    // Priced again from the catalogue just read.
    expect(await screen.findByText('₦8,500.00 · ₦25,500.00')).toBeInTheDocument();
    expect(runApp).toHaveBeenCalledTimes(1);
    const handed = await loadSavedCart(CLIENT);
    expect(handed?.checkout.deliveryOption).toBe('HomeDelivery');
  });

  it('hands over only once the saved cart is read: the app gets the whole of it', async () => {
    await putCached('carts', CLIENT, { cart: [burnerLine(3)], checkout: {} });
    // The app reads the cart as soon as it runs.
    let appCart: unknown;
    const runApp = vi.fn(async () => {
      appCart = (await loadSavedCart(CLIENT))?.cart;
    });
    const catalogue = await readCatalogue();
    runShop({ screen: shellScreen(), clientId: CLIENT, catalogue, runApp, cleanups: [] });
    // Tapped before the saved cart has been read.
    screen.getByRole('button', { name: 'Add a cylinder' }).click();
    await waitFor(() => expect(runApp).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(appCart).toEqual([expect.objectContaining({ productId: 'b', quantity: 3 })]));
  });

  it('a quantity of 0 removes the line; × removes it too', async () => {
    await start();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    await user.click(screen.getByRole('button', { name: 'Add 12.5 kg gas cylinder' }));
    const quantity = screen.getByLabelText('Quantity of Single burner (cylinder top)');
    await user.clear(quantity);
    // Emptied to type another number: the line stays.
    expect(screen.getByLabelText('Quantity of Single burner (cylinder top)')).toBeInTheDocument();
    await user.type(quantity, '0');
    expect(screen.queryByLabelText('Quantity of Single burner (cylinder top)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove 12.5 kg gas cylinder' }));
    expect(screen.getByText('Your cart is empty. Add a gas refill or a product.')).toBeInTheDocument();
    await waitFor(async () => expect(await getCached('carts', CLIENT)).toBeUndefined());
  });

  it('a product runs out in the cart: no more than what is left', async () => {
    await start();
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Add 12.5 kg gas cylinder' });
    for (let i = 0; i < 3; i++) await user.click(add);
    expect(add).toBeDisabled();
  });

  it('offline, the saved prices with their age, and what needs a connection', async () => {
    await putCached('orders', CATALOGUE_CACHE_KEY, { products: productsFixture });
    fakeApi({ 'GET product': { offline: true }, 'GET cylinder/user': { offline: true } });
    await start();
    const notice = screen.getByText(/Prices from/).closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent(/Prices from just now/);
    expect(notice).toHaveTextContent('placing the order and paying need a connection');
  });

  it('says so when the checkout cannot be loaded, and tries again with the next line', async () => {
    const runApp = vi.fn(() => Promise.reject(new Error('offline')));
    await start(runApp);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    expect(await screen.findByText(/The checkout could not be loaded/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Single burner (cylinder top)' }));
    expect(runApp).toHaveBeenCalledTimes(2);
  });

  it('Add a cylinder hands the page over with the dialog to open', async () => {
    const runApp = vi.fn(() => new Promise<void>(() => {}));
    await start(runApp);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add a cylinder' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    expect(peekShopHandoff()?.intent).toBe('add-cylinder');
  });
});
