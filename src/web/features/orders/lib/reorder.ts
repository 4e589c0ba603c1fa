import { ProductType } from '../../../../domain/enums';
import type { Order } from '../../../../domain/schemas/order';
import type { Product } from '../../../../domain/schemas/product';
import { type Cart, cartReducer } from './cart';
import { type CheckoutDraft, emptyCheckoutDraft } from './saved-cart';

export type Reorder = {
  /** The cart with the order's lines added, at today's prices. */
  cart: Cart;
  /** The order's delivery choice, address or nominee, ready to adjust. */
  checkout: CheckoutDraft;
  /** Names of the lines that are no longer sold (or sold out), left out. */
  skipped: string[];
};

/**
 * "Order again": the past order's lines added to the cart (on top of what is there) at today's
 * prices from the catalogue, and its delivery choice. A gas line is one cylinder of `sizeKg`
 * filled with `quantity` kg; other lines add their quantity.
 */
export function reorderFrom(order: Order, products: Product[], cart: Cart = []): Reorder {
  const byId = new Map(products.map((p) => [p.id, p]));
  const skipped: string[] = [];
  let next = cart;
  for (const item of order.items) {
    const product = byId.get(item.productId);
    if (!product || (product.available !== null && product.available <= 0)) {
      skipped.push(item.name);
      continue;
    }
    if (product.type === ProductType.Gas) {
      next = cartReducer(next, { type: 'addGas', product, sizeKg: item.sizeKg ?? item.quantity, kg: item.quantity });
    } else {
      const quantity = product.available === null ? item.quantity : Math.min(item.quantity, product.available);
      for (let i = 0; i < quantity; i++) next = cartReducer(next, { type: 'addItem', product });
    }
  }
  const checkout: CheckoutDraft = {
    ...emptyCheckoutDraft,
    deliveryOption: order.deliveryOption,
    homeDeliveryType: order.homeDeliveryType ?? 'oneWay',
    address: order.deliveryAddress
      ? { line1: order.deliveryAddress.line1, city: order.deliveryAddress.city, note: order.deliveryAddress.note ?? '' }
      : emptyCheckoutDraft.address,
    nominee:
      order.nomineeName && order.nomineePhone
        ? { name: order.nomineeName, phone: order.nomineePhone }
        : emptyCheckoutDraft.nominee,
    // Collected where it was last time, while that center is still offered.
    centerId: order.deliveryOption === 'HomeDelivery' ? null : (order.centerId ?? null),
  };
  return { cart: next, checkout, skipped };
}
