// What the shop's first view (features/orders/light) hands to the app's shop when the app takes
// the page over: where the page was scrolled, and what the client asked for that the first view
// does not do itself. The cart goes with cart-store.ts (handOverCart).

/** What the client tapped that needs the app: adding a cylinder opens its dialog. */
export type ShopIntent = 'add-cylinder';
export type ShopHandoff = { scrollY: number; intent: ShopIntent | null };

let handoff: ShopHandoff | null = null;

export function handOverShop(next: ShopHandoff) {
  handoff = next;
}

/** The hand-over (null when the app drew the shop itself); `clearShopHandoff` once it is used. */
export const peekShopHandoff = (): ShopHandoff | null => handoff;

export function clearShopHandoff() {
  handoff = null;
}
