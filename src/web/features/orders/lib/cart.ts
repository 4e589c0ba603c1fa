import { MAX_ITEM_QUANTITY } from '../../../../domain/constants';
import { OrderType, ProductType } from '../../../../domain/enums';
import type { DeliveryAddress, NewOrderInput, Nominee } from '../../../../domain/schemas/order';
import type { Product } from '../../../../domain/schemas/product';

/** A refill: `count` cylinders of `sizeKg`, each filled with `kg`. */
export type GasLine = {
  kind: 'gas';
  key: string;
  productId: string;
  name: string;
  pricePerKg: number;
  sizeKg: number;
  kg: number;
  count: number;
};
export type ItemLine = {
  kind: 'item';
  key: string;
  productId: string;
  name: string;
  type: Product['type'];
  price: number;
  quantity: number;
};
export type CartLine = GasLine | ItemLine;
export type Cart = CartLine[];

export type CartAction =
  | { type: 'addGas'; product: Product; sizeKg: number; kg: number }
  | { type: 'addItem'; product: Product }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'restore'; cart: Cart }
  | { type: 'reprice'; products: readonly Product[] };

/** The cart; gas lines merge by cylinder size and fill, items by product. */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'addGas':
      return addLine(cart, {
        kind: 'gas',
        key: `gas:${action.sizeKg}:${action.kg}`,
        productId: action.product.id,
        name: action.product.name,
        pricePerKg: action.product.price,
        sizeKg: action.sizeKg,
        kg: action.kg,
        count: 1,
      });
    case 'addItem':
      return addLine(cart, {
        kind: 'item',
        key: `item:${action.product.id}`,
        productId: action.product.id,
        name: action.product.name,
        type: action.product.type,
        price: action.product.price,
        quantity: 1,
      });
    case 'setQuantity': {
      const q = Math.max(0, Math.min(MAX_ITEM_QUANTITY, Math.floor(action.quantity)));
      if (q === 0) return cart.filter((l) => l.key !== action.key);
      return cart.map((l) =>
        l.key !== action.key ? l : l.kind === 'gas' ? { ...l, count: q } : { ...l, quantity: q },
      );
    }
    case 'remove':
      return cart.filter((l) => l.key !== action.key);
    case 'clear':
      return [];
    case 'reprice': {
      // The catalogue read again (a price changed during the day): the lines show today's prices,
      // as the quote and the order will. The same cart when nothing moved.
      const byId = new Map(action.products.map((p) => [p.id, p.price]));
      let moved = false;
      const repriced = cart.map((l): CartLine => {
        const price = byId.get(l.productId);
        if (price === undefined) return l;
        if (l.kind === 'gas' && l.pricePerKg !== price) {
          moved = true;
          return { ...l, pricePerKg: price };
        }
        if (l.kind === 'item' && l.price !== price) {
          moved = true;
          return { ...l, price };
        }
        return l;
      });
      return moved ? repriced : cart;
    }
    case 'restore':
      // The saved cart comes back under what was added while it was being read, each line added to
      // it as a tap would: a tap made before it arrived is kept, one more of a saved line is one more.
      return cart.reduce(addLine, action.cart);
  }
}

/**
 * A line added to a cart, as a tap adds it: merged with the line of the same key (its count capped
 * at the per-line limit), else appended.
 */
function addLine(cart: Cart, line: CartLine): Cart {
  const existing = cart.find((l) => l.key === line.key);
  if (!existing) return [...cart, line];
  const merged: CartLine =
    existing.kind === 'gas' && line.kind === 'gas'
      ? { ...existing, count: Math.min(existing.count + line.count, MAX_ITEM_QUANTITY) }
      : existing.kind === 'item' && line.kind === 'item'
        ? { ...existing, quantity: Math.min(existing.quantity + line.quantity, MAX_ITEM_QUANTITY) }
        : existing;
  return cart.map((l) => (l === existing ? merged : l));
}

/** The price shown before the server's quote arrives (display only: the server prices the order). */
export const lineTotal = (l: CartLine) =>
  l.kind === 'gas' ? Math.round(l.pricePerKg * l.kg) * l.count : l.price * l.quantity;
export const cartSubtotal = (cart: Cart) => cart.reduce((s, l) => s + lineTotal(l), 0);
export const cartCount = (cart: Cart) => cart.reduce((s, l) => s + (l.kind === 'gas' ? l.count : l.quantity), 0);
/** How many of each product (by id) the cart holds as items (the shelves' counts; gas is by kg). */
export function itemCountsById(cart: Cart): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of cart) {
    if (line.kind === 'item') counts.set(line.productId, (counts.get(line.productId) ?? 0) + line.quantity);
  }
  return counts;
}

export function orderTypeOf(cart: Cart): NewOrderInput['type'] {
  const gas = cart.some((l) => l.kind === 'gas');
  const other = cart.some((l) => l.kind === 'item' && l.type !== ProductType.Gas);
  return gas && other ? OrderType.GasAndProduct : gas ? OrderType.Gas : OrderType.Product;
}

export type Checkout = {
  deliveryOption: NewOrderInput['deliveryOption'];
  address: DeliveryAddress | null;
  homeDeliveryType: NonNullable<NewOrderInput['homeDeliveryType']>;
  nominee: Nominee | null;
  /** A pickup's gas center; left out, the server's default (the first center). */
  centerId?: string | null;
};

/** The body of POST /api/order/new (and /quote) for a cart and checkout; null when incomplete. */
export function buildOrderInput(cart: Cart, checkout: Checkout): NewOrderInput | null {
  if (cart.length === 0) return null;
  const items = cart.flatMap((l) =>
    l.kind === 'gas'
      ? Array.from({ length: l.count }, () => ({ productId: l.productId, quantity: l.kg, sizeKg: l.sizeKg }))
      : [{ productId: l.productId, quantity: l.quantity }],
  );
  const base = { type: orderTypeOf(cart), items, deliveryOption: checkout.deliveryOption };
  const center = checkout.centerId ? { centerId: checkout.centerId } : {};
  if (checkout.deliveryOption === 'HomeDelivery') {
    // A home delivery comes from the center nearest the address: the server decides.
    if (!checkout.address) return null;
    const hasGas = cart.some((l) => l.kind === 'gas');
    return { ...base, address: checkout.address, homeDeliveryType: hasGas ? checkout.homeDeliveryType : 'oneWay' };
  }
  if (checkout.deliveryOption === 'PickUpBySomeOne') {
    if (!checkout.nominee) return null;
    return { ...base, nominee: checkout.nominee, ...center };
  }
  return { ...base, ...center };
}
