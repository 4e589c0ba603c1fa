// What a first view (features/orders/light) hands to the app's screen when the app takes the page
// over. The shop's: where the page was scrolled, and what the client asked for that the first view
// does not do itself (the cart goes with cart-store.ts, handOverCart). The history's: the status
// list to open. An order's: what the client tapped (pay, cancel, order again), done by the app.

/** One hand-over: put by the view, read by the app's screen when it first draws, then cleared. */
function handoffSlot<T>() {
  let value: T | null = null;
  return {
    put: (next: T) => {
      value = next;
    },
    peek: (): T | null => value,
    clear: () => {
      value = null;
    },
  };
}

/** What the client tapped that needs the app: adding a cylinder opens its dialog. */
export type ShopIntent = 'add-cylinder';
export type ShopHandoff = { scrollY: number; intent: ShopIntent | null };
/** The history's first view: the client tapped the status list. */
export type HistoryHandoff = { openStatus: boolean };

/** An order's first view: the button the client tapped, which the app's order screen presses. */
export type OrderIntent = 'pay' | 'pay-wallet' | 'pay-saved-card' | 'cancel' | 'order-again';
export type OrderHandoff = { orderNumber: string; intent: OrderIntent };

const shop = handoffSlot<ShopHandoff>();
const history = handoffSlot<HistoryHandoff>();
const order = handoffSlot<OrderHandoff>();

export const handOverShop = shop.put;
/** The shop's hand-over (null when the app drew the shop itself); `clearShopHandoff` once used. */
export const peekShopHandoff = shop.peek;
export const clearShopHandoff = shop.clear;

export const handOverHistory = history.put;
/** The history's hand-over (null when the app drew the history itself). */
export const peekHistoryHandoff = history.peek;
export const clearHistoryHandoff = history.clear;

export const handOverOrder = order.put;
/** What the client tapped on `orderNumber`'s first view (null for another order, or none). */
export const peekOrderIntent = (orderNumber: string): OrderIntent | null => {
  const handoff = order.peek();
  return handoff && handoff.orderNumber.toUpperCase() === orderNumber.toUpperCase() ? handoff.intent : null;
};
export const clearOrderHandoff = order.clear;
