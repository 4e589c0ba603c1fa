// The cart and checkout draft as kept on the device, without React: the app's shop (saved-cart.ts)
// and the shop's script-light first view (features/orders/light) keep the same row.
import { deleteCached, getCached, putCached } from '../../../lib/saved-copies';
import type { Cart, Checkout } from './cart';

/** What the client has typed at checkout, kept as typed (the order body is built from it). */
export type CheckoutDraft = {
  deliveryOption: Checkout['deliveryOption'];
  homeDeliveryType: Checkout['homeDeliveryType'];
  address: { line1: string; city: string; note: string };
  nominee: { name: string; phone: string };
  /** The gas center chosen to collect from (a pickup, when there are several); null: none chosen. */
  centerId: string | null;
};
export const emptyCheckoutDraft: CheckoutDraft = {
  deliveryOption: 'PickerUP',
  homeDeliveryType: 'oneWay',
  address: { line1: '', city: '', note: '' },
  nominee: { name: '', phone: '' },
  centerId: null,
};

/** The cart and checkout as kept on the device (in Dexie, per signed-in client). */
export type SavedCart = { cart: Cart; checkout: CheckoutDraft };

const isSavedCart = (value: unknown): value is SavedCart =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as SavedCart).cart) &&
  typeof (value as SavedCart).checkout === 'object' &&
  (value as SavedCart).checkout !== null;

/**
 * The cart of the page the app is taking over (the shop's first view, features/orders/light): its
 * latest state, which the device's copy may not have yet (a write still on its way).
 */
let handedOver: { clientId: string; saved: SavedCart } | null = null;

/** Keeps `saved` for the app's shop, which reads it once instead of the device's copy. */
export function handOverCart(clientId: string, saved: SavedCart) {
  handedOver = { clientId, saved };
}

export async function loadSavedCart(clientId: string): Promise<SavedCart | undefined> {
  if (handedOver) {
    const { clientId: owner, saved } = handedOver;
    handedOver = null;
    if (owner === clientId) return saved;
  }
  const row = await getCached<unknown>('carts', clientId);
  if (!row || !isSavedCart(row.value)) return undefined;
  return { cart: row.value.cart, checkout: { ...emptyCheckoutDraft, ...row.value.checkout } };
}

export const saveCart = (clientId: string, saved: SavedCart) => putCached('carts', clientId, saved);
export const forgetSavedCart = (clientId: string) => deleteCached('carts', clientId);
