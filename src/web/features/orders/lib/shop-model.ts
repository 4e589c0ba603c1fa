// What the shop says and allows, decided once: the app's shop (components/) and the shop's first
// view (light/) both draw these, so the two cannot drift apart (app/first-views/parity.test.tsx).
import { GAS_KG_STEP } from '../../../../domain/constants';
import { formatNaira } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Product } from '../../../../domain/schemas/product';
import { type Cart, type CartLine, lineTotal } from './cart';

/** Below this many kg of gas left today the refill card says how much is left. */
export const GAS_LOW_KG = 100;
/** At or below this many left, a product's card says how many. */
export const PRODUCT_LOW_COUNT = 10;

export const gasKgValid = (kg: number, sizeKg: number) => kg > 0 && kg <= sizeKg && Number.isInteger(kg / GAS_KG_STEP);
/** Less than one step of gas left: nothing can be added. */
export const gasSoldOut = (gas: Pick<Product, 'available'>) => gas.available !== null && gas.available < GAS_KG_STEP;

/** The gas refill card's texts and whether it can add, for a cylinder size and the kg typed. */
export function gasRefillView(gas: Product, sizeKg: number, kg: number) {
  const valid = gasKgValid(kg, sizeKg);
  const soldOut = gasSoldOut(gas);
  return {
    hint: `Up to ${sizeKg} kg, in ${GAS_KG_STEP} kg steps`,
    error: valid ? null : `Enter ${GAS_KG_STEP} to ${sizeKg} kg`,
    canAdd: valid && !soldOut,
    addLabel: soldOut ? 'Sold out today' : `Add ${kg} kg refill · ${formatNaira(Math.round(gas.price * kg))}`,
    low:
      gas.available !== null && !soldOut && gas.available < GAS_LOW_KG ? `Only ${gas.available} kg left today` : null,
  };
}

/** "Only 3 left" (orange) or "Out of stock" (red) under a product's price; null when plenty. */
export function productStockNote(product: Pick<Product, 'available'>): { text: string; tone: 'low' | 'out' } | null {
  if (product.available === null || product.available > PRODUCT_LOW_COUNT) return null;
  return product.available === 0
    ? { text: 'Out of stock', tone: 'out' }
    : { text: `Only ${product.available} left`, tone: 'low' };
}

/** The theme colour of each stock tone. */
export const stockToneColor = { low: 'orange', out: 'red' } as const;

/** No more of a product can be added than there is. */
export const productAddDisabled = (product: Pick<Product, 'available'>, inCart: number) =>
  product.available !== null && product.available <= inCart;

/** A cart line's texts: what it is, its unit price and its total. */
export function cartLineView(line: CartLine) {
  const label = line.kind === 'gas' ? `Gas refill: ${line.kg} kg in a ${line.sizeKg} kg cylinder` : line.name;
  return {
    label,
    quantity: line.kind === 'gas' ? line.count : line.quantity,
    detail: `${line.kind === 'gas' ? `${formatNaira(line.pricePerKg)}/kg` : formatNaira(line.price)} · ${formatNaira(lineTotal(line))}`,
  };
}

export const EMPTY_CART_TEXT = 'Your cart is empty. Add a gas refill or a product.';

/**
 * The checkout card with an empty cart: its title and what to do first. Delivery and payment
 * choices wait for something to deliver and pay for.
 */
export const CHECKOUT_EMPTY_TEXT = 'Add something to your cart, then choose pickup or delivery and how to pay.';

/** The checkout's form is shown once the cart has something in it. */
export const checkoutOpen = (cart: Cart) => cart.length > 0;

/**
 * The gas centers a pickup may be collected at, by name; none when the company has one (there is
 * nothing to choose: the order goes to it, as it always did).
 */
export function pickupCenterChoices(centers: readonly Center[] | undefined): Center[] {
  if (!centers || centers.length < 2) return [];
  return [...centers].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The center a pickup is sent to: the one chosen while it is still listed, else the first; null with nothing to choose. */
export const chosenPickupCenter = (choices: readonly Center[], chosenId: string | null): Center | null =>
  choices.find((c) => c.id === chosenId) ?? choices[0] ?? null;

/** What the choice says of a center beside its name: where it is and when it is open. */
export const pickupCenterDescription = (center: Center): string =>
  center.openingHours ? `${center.address} · Open ${center.openingHours}` : center.address;
