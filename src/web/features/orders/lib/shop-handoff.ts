// What a first view (features/orders/light) hands to the app's screen when the app takes the page
// over. The shop's: where the page was scrolled, and what the client asked for that the first view
// does not do itself (the cart goes with cart-store.ts, handOverCart). The history's: the status
// list to open.

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

/** The history's first view: the client tapped the status list. */
export type HistoryHandoff = { openStatus: boolean };

let historyHandoff: HistoryHandoff | null = null;

export function handOverHistory(next: HistoryHandoff) {
  historyHandoff = next;
}

/** The hand-over (null when the app drew the history itself); `clearHistoryHandoff` once used. */
export const peekHistoryHandoff = (): HistoryHandoff | null => historyHandoff;

export function clearHistoryHandoff() {
  historyHandoff = null;
}
