// The shop's first view without the app (app/first-views runs it).
// It draws the catalogue, the client's cylinders and the cart from the same reads as the app's shop,
// keeps the cart on the device as the app does, and hands the page to the app when the client
// needs more than browsing: a cart to check out (the checkout loads with its first line) or a
// cylinder to add. The app then draws the same screen over it, with the cart as it was and the
// page where it was.
import { MAX_ITEM_QUANTITY } from '../../../../domain/constants';
import { ProductType } from '../../../../domain/enums';
import type { Product } from '../../../../domain/schemas/product';
import { type RunApp, savedCopyHtml } from '../../../components/first-view/html';
import { onConnectionChange } from '../../../components/first-view/listen';
import { api } from '../../../lib/api-client';
import { copyAge } from '../../../lib/copy-age';
import type { Cached } from '../../../lib/offline-copy';
import { getProducts } from '../api/catalogue';
import { type Cart, type CartAction, cartReducer, itemCountsById } from '../lib/cart';
import {
  type CheckoutDraft,
  emptyCheckoutDraft,
  forgetSavedCart,
  handOverCart,
  loadSavedCart,
  saveCart,
} from '../lib/cart-store';
import { handOverShop, type ShopIntent } from '../lib/shop-handoff';
import { gasRefillView, productAddDisabled } from '../lib/shop-model';
import { barHtml, cartHtml, cylindersHtml, type SavedCylinder, shopHtml } from './shop-view';

const q = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string) =>
  root.querySelector<T>(`[data-shop="${name}"]`);

/** The catalogue for the first view: from the network, else the copy saved on this device. */
export const readCatalogue = (): Promise<Cached<{ products: Product[] }>> => getProducts();

/**
 * Draws the shop in `screen` (the shell's screen) for `clientId`, and runs it until `runApp` has
 * taken the page over (and ended `cleanups`, to which the shop adds its own).
 */
export function runShop(options: {
  screen: HTMLElement;
  clientId: string;
  catalogue: Cached<{ products: Product[] }>;
  runApp: RunApp;
  cleanups: (() => void)[];
}) {
  const { screen, clientId, catalogue, runApp, cleanups } = options;
  const products = catalogue.data.products;
  screen.innerHTML = shopHtml(products);
  screen.removeAttribute('aria-busy');
  const cartCard = q(screen, 'cart') as HTMLElement;
  const checkoutNote = q(screen, 'checkout-note') as HTMLElement;
  const bar = q(screen, 'bar') as HTMLElement;

  // The saved copy's age, while the shelves are one or the device is offline.
  const copyAgeSlot = q(screen, 'copy-age') as HTMLElement;
  const showCopyAge = () => {
    const shown = catalogue.fromCache || !navigator.onLine;
    copyAgeSlot.hidden = !shown;
    copyAgeSlot.innerHTML = shown
      ? savedCopyHtml(
          'Prices',
          copyAge(catalogue.updatedAt),
          navigator.onLine,
          'You can fill your cart; placing the order and paying need a connection.',
        )
      : '';
  };
  showCopyAge();
  onConnectionChange(cleanups, showCopyAge);

  // The cart: empty and "loading" until the one saved on this device has been read.
  let cart: Cart = [];
  let checkout: CheckoutDraft = emptyCheckoutDraft;
  let restored = false;
  const drawCart = () => {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const refocus = focused && cartCard.contains(focused) ? focusKey(focused) : null;
    cartCard.innerHTML = cartHtml(cart, !restored);
    bar.innerHTML = barHtml(cart);
    const inCart = itemCountsById(cart);
    for (const card of screen.querySelectorAll<HTMLElement>('[data-product]')) {
      const id = card.dataset.product ?? '';
      const count = inCart.get(id) ?? 0;
      const badge = card.querySelector<HTMLElement>('[data-part="in-cart"]');
      if (badge) {
        badge.hidden = count === 0;
        badge.textContent = String(count);
        badge.setAttribute('aria-label', `${count} in cart`);
      }
      const product = products.find((p) => p.id === id);
      const add = card.querySelector<HTMLButtonElement>('[data-add]');
      if (add && product) add.disabled = productAddDisabled(product, count);
    }
    if (refocus) cartCard.querySelector<HTMLElement>(refocus)?.focus();
  };
  const save = () => {
    if (!restored) return;
    handOverCart(clientId, { cart, checkout });
    const write = cart.length === 0 ? forgetSavedCart(clientId) : saveCart(clientId, { cart, checkout });
    void write.catch(() => undefined);
  };
  const dispatch = (action: CartAction) => {
    cart = cartReducer(cart, action);
    drawCart();
    save();
    if (cart.length > 0) takeOver();
  };

  // The hand-over to the app: once, with the cart, the scroll and what the client asked for. Not
  // before the saved cart has been read: the cart handed over is the whole of it.
  let taking: Promise<void> | null = null;
  const takeOver = (intent: ShopIntent | null = null) => {
    handOverShop({ scrollY: window.scrollY, intent });
    if (taking) return;
    checkoutNote.textContent = 'Opening the checkout…';
    taking = restoring
      .then(() => {
        handOverCart(clientId, { cart, checkout });
        return runApp();
      })
      .then(
        () => undefined,
        () => {
          taking = null;
          checkoutNote.textContent =
            'The checkout could not be loaded. Check your connection, then add an item again or reload the page.';
        },
      );
  };

  drawCart();
  const restoring = loadSavedCart(clientId)
    .then((saved) => {
      if (!saved) return;
      cart = cartReducer(cart, { type: 'restore', cart: saved.cart });
      checkout = saved.checkout;
    })
    .catch(() => undefined)
    .finally(() => {
      restored = true;
      if (!catalogue.fromCache) cart = cartReducer(cart, { type: 'reprice', products });
      drawCart();
      save();
      if (cart.length > 0) takeOver();
    });

  wireGasCard(screen, products, (sizeKg, kg, gas) => dispatch({ type: 'addGas', product: gas, sizeKg, kg }));
  showCylinders(screen);

  screen.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLElement>('button');
    if (!target || !screen.contains(target)) return;
    const { add, remove, refill, takeover } = target.dataset;
    const product = add ? products.find((p) => p.id === add) : undefined;
    if (product) dispatch({ type: 'addItem', product });
    else if (remove) dispatch({ type: 'remove', key: remove });
    else if (refill) chooseSize(screen, Number(refill), true);
    else if (takeover === 'add-cylinder') {
      target.setAttribute('aria-busy', 'true');
      takeOver('add-cylinder');
    } else if (target.dataset.shop === 'to-cart') cartCard.scrollIntoView({ behavior: 'smooth', block: 'start' });
  });
  // A line's quantity as typed: empty stays empty (the line too) until a number is typed or the
  // field is left; 0 removes the line, as × does.
  screen.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const key = input.dataset.quantity;
    if (!key) return;
    const typed = input.value.trim();
    if (typed === '' || !/^\d+$/.test(typed)) return;
    dispatch({ type: 'setQuantity', key, quantity: Math.min(Number(typed), MAX_ITEM_QUANTITY) });
  });
  screen.addEventListener('focusout', (event) => {
    if ((event.target as HTMLElement).dataset.quantity) drawCart();
  });
}

/** A selector that finds the same control after the cart is drawn again. */
function focusKey(element: HTMLElement): string | null {
  return element.dataset.quantity ? `[data-quantity="${CSS.escape(element.dataset.quantity)}"]` : null;
}

/** The gas refill: a cylinder size (a full fill) or part of one by kg, checked as typed. */
function wireGasCard(
  screen: HTMLElement,
  products: readonly Product[],
  onAdd: (sizeKg: number, kg: number, gas: Product) => void,
) {
  const gas = products.find((p) => p.type === ProductType.Gas);
  const card = q(screen, 'gas');
  if (!gas || !card) return;
  const input = q<HTMLInputElement>(card, 'gas-kg') as HTMLInputElement;
  const button = q<HTMLButtonElement>(card, 'gas-add') as HTMLButtonElement;
  const low = q(card, 'gas-low') as HTMLElement;
  const lowText = gasRefillView(gas, 12.5, 12.5).low;
  if (lowText) {
    low.hidden = false;
    low.textContent = lowText;
  }
  const size = () => Number(card.querySelector<HTMLInputElement>('input[name="cylinder-size"]:checked')?.value ?? 12.5);
  const kg = () => Number(input.value) || 0;
  const update = () => {
    const view = gasRefillView(gas, size(), kg());
    (q(card, 'gas-hint') as HTMLElement).textContent = view.hint;
    (q(card, 'gas-error') as HTMLElement).textContent = view.error ?? '';
    input.setAttribute('aria-invalid', String(view.error !== null));
    button.disabled = !view.canAdd;
    button.textContent = view.addLabel;
  };
  input.value = String(size());
  update();
  card.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name !== 'cylinder-size') return;
    input.value = String(size());
    update();
  });
  input.addEventListener('input', update);
  button.addEventListener('click', () => {
    if (gasRefillView(gas, size(), kg()).canAdd) onAdd(size(), kg(), gas);
  });
}

/** Picks a cylinder size as the client would (a full fill), and brings the card into view. */
function chooseSize(screen: HTMLElement, sizeKg: number, reveal: boolean) {
  const card = q(screen, 'gas');
  const radio = card?.querySelector<HTMLInputElement>(`input[name="cylinder-size"][value="${sizeKg}"]`);
  if (!card || !radio) return;
  radio.checked = true;
  radio.dispatchEvent(new Event('change', { bubbles: true }));
  if (reveal) card.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

/** The client's saved cylinders (none shown while they load or when they cannot be read). */
function showCylinders(screen: HTMLElement) {
  const list = q(screen, 'cylinder-list') as HTMLElement;
  list.innerHTML = cylindersHtml([]);
  void api
    .get<{ cylinders: SavedCylinder[] }>('cylinder/user')
    .then((body) => {
      list.innerHTML = cylindersHtml(body.cylinders);
    })
    .catch(() => undefined);
}
