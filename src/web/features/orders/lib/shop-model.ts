// What the shop says and allows, decided once: the app's shop (components/) and the shop's first
// view (light/) both draw these, so the two cannot drift apart (app/first-views/parity.test.tsx).
import { nearestFirst, type Point } from '../../../../domain/center-distance';
import { GAS_KG_STEP } from '../../../../domain/constants';
import { formatNaira } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Product } from '../../../../domain/schemas/product';
import { type Cart, type CartLine, cartReducer, lineTotal } from './cart';

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

/** A center as the checkout lists it: with how far it is, when the list is ordered from a point. */
export type CenterChoice = Center & { distanceKm?: number };

/**
 * The gas centers a pickup may be collected at: nearest `near` first (the phone's position, or the
 * area the client chose) with their distances, else by name; none when the company has one (there
 * is nothing to choose: the order goes to it, as it always did).
 */
export function pickupCenterChoices(
  centers: readonly Center[] | undefined,
  near?: Point | null | undefined,
): CenterChoice[] {
  if (!centers || centers.length < 2) return [];
  const byName = [...centers].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return near ? nearestFirst(byName, near) : byName;
}

/** The center a pickup is sent to: the one chosen while it is still listed, else the first; null with nothing to choose. */
export const chosenPickupCenter = <C extends Center>(choices: readonly C[], chosenId: string | null): C | null =>
  choices.find((c) => c.id === chosenId) ?? choices[0] ?? null;

/**
 * Where the checkout measures the centers from, when not from the phone: the area of the address
 * the client chose (a Lagos area the address form offers), or null.
 */
export function areaPoint(city: string, areas: readonly { name: string; lat: number; lng: number }[] | undefined) {
  const wanted = city.trim().toLowerCase();
  if (!wanted) return null;
  const area = areas?.find((a) => a.name.toLowerCase() === wanted);
  return area ? { lat: area.lat, lng: area.lng, name: area.name } : null;
}

/**
 * Whether a center has what the cart asks for, from its catalogue (`available`: what may still be
 * ordered there, null when unlimited): 'InStock', 'Short', or null when its catalogue is not known.
 */
export function cartStockAt(cart: Cart, products: readonly Product[] | undefined): 'InStock' | 'Short' | null {
  if (!products) return null;
  const wanted = new Map<string, number>();
  for (const line of cart) {
    const amount = line.kind === 'gas' ? line.kg * line.count : line.quantity;
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + amount);
  }
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const [id, amount] of wanted) {
    const product = byId.get(id);
    if (!product || (product.available !== null && product.available < amount)) return 'Short';
  }
  return 'InStock';
}

/** The words for a center's stock of the cart. */
export const centerStockText = { InStock: 'In stock', Short: 'Not enough stock here' } as const;

/** What the choice says of a center beside its name: where it is, when it is open, how far (when known). */
export const pickupCenterDescription = (center: CenterChoice): string =>
  [
    center.address,
    center.openingHours ? `Open ${center.openingHours}` : null,
    center.distanceKm !== undefined ? `${formatDistance(center.distanceKm)} away` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** "850 m", "2.4 km". */
const formatDistance = (km: number) => (km < 1 ? `${Math.max(10, Math.round(km * 100) * 10)} m` : `${km} km`);

/**
 * The cart at a gas center's own prices (its catalogue, GET /api/product/?center=…): the order is
 * priced there, so its lines and totals show them. The same cart while that catalogue is not known.
 */
export const cartAtCenter = (cart: Cart, products: readonly Product[] | undefined): Cart =>
  products ? cartReducer(cart, { type: 'reprice', products }) : cart;

/** A product whose price at the order's center is not the shop list's. */
export type CenterPriceChange = {
  productId: string;
  name: string;
  listPrice: number;
  centerPrice: number;
  perKg: boolean;
};

/** The cart's products priced otherwise at the center (`atCenter`: cartAtCenter's answer), each once. */
export function centerPriceChanges(cart: Cart, atCenter: Cart): CenterPriceChange[] {
  const changes = new Map<string, CenterPriceChange>();
  cart.forEach((line, index) => {
    const there = atCenter[index];
    if (!there || there.productId !== line.productId || changes.has(line.productId)) return;
    const listPrice = line.kind === 'gas' ? line.pricePerKg : line.price;
    const centerPrice = there.kind === 'gas' ? there.pricePerKg : there.price;
    if (listPrice !== centerPrice) {
      changes.set(line.productId, {
        productId: line.productId,
        name: line.name,
        listPrice,
        centerPrice,
        perKg: line.kind === 'gas',
      });
    }
  });
  return [...changes.values()];
}

/** What the checkout says of a price at the center: "Single burner: ₦9,000 here (₦8,500 in the shop's list)". */
export const centerPriceChangeText = (change: CenterPriceChange): string => {
  const unit = change.perKg ? ' per kg' : '';
  return `${change.name}: ${formatNaira(change.centerPrice)}${unit} here (${formatNaira(change.listPrice)}${unit} in the shop's list)`;
};
