// The counter's basket: pure functions, so the tablet prices a sale the same way online and offline.

import { MAX_ITEM_QUANTITY } from '../../../../domain/constants';
import { DeliveryOption, OrderType, ProductType } from '../../../../domain/enums';
import type { NewOrderInput } from '../../../../domain/schemas/order';
import type { Product } from '../../../../domain/schemas/product';

/** One line of the basket: gas carries the kg and the cylinder filled; anything else a count. */
export type CartLine = { productId: string; quantity: number; sizeKg?: number };
/** A basket line with its key on the screen. */
export type KeyedLine = CartLine & { key: string };

/** Whether a value read back (a kept draft of the basket) is a basket's lines. */
export const isKeyedLines = (v: unknown): v is KeyedLine[] =>
  Array.isArray(v) &&
  v.every(
    (l) =>
      typeof l === 'object' &&
      l !== null &&
      typeof l.key === 'string' &&
      typeof l.productId === 'string' &&
      typeof l.quantity === 'number' &&
      l.quantity > 0 &&
      (l.sizeKg === undefined || typeof l.sizeKg === 'number'),
  );

/** A line as the receipt shows it (the shape formatOrderLine reads). */
export type PricedLine = {
  key: string;
  name: string;
  quantity: number;
  sizeKg: number | null;
  productType?: string;
  unitPrice: number;
  lineTotal: number;
};

/** The same arithmetic as the server's pricing: gas is price per kg × kg, rounded to the kobo. */
export function priceCart(lines: KeyedLine[], products: Product[]): { lines: PricedLine[]; total: number } {
  const byId = new Map(products.map((p) => [p.id, p]));
  const priced = lines.flatMap((line) => {
    const product = byId.get(line.productId);
    if (!product) return [];
    const gas = product.type === ProductType.Gas;
    return [
      {
        key: line.key,
        name: gas && line.sizeKg ? `${product.name} (${line.sizeKg} kg cylinder)` : product.name,
        quantity: line.quantity,
        sizeKg: gas ? (line.sizeKg ?? null) : product.sizeKg,
        productType: product.type,
        unitPrice: product.price,
        lineTotal: gas ? Math.round(product.price * line.quantity) : product.price * line.quantity,
      },
    ];
  });
  return { lines: priced, total: priced.reduce((s, l) => s + l.lineTotal, 0) };
}

/** The order the server is asked for: type from the lines, collected at the counter. */
export function orderInput(lines: readonly CartLine[], products: Product[]): NewOrderInput {
  const byId = new Map(products.map((p) => [p.id, p]));
  const hasGas = lines.some((l) => byId.get(l.productId)?.type === ProductType.Gas);
  const hasOther = lines.some((l) => byId.get(l.productId)?.type !== ProductType.Gas);
  const type = hasGas && hasOther ? OrderType.GasAndProduct : hasGas ? OrderType.Gas : OrderType.Product;
  return {
    type,
    items: lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      ...(l.sizeKg ? { sizeKg: l.sizeKg } : {}),
    })),
    deliveryOption: DeliveryOption.PickerUP,
  } as NewOrderInput;
}

/**
 * Lines asking for more of a product than the tablet last knew was available (stock and today's
 * limit). Online the server decides; offline such a sale needs the network.
 */
export function beyondKnownStock(lines: CartLine[], products: Product[], queued: readonly CartLine[] = []): Product[] {
  const wanted = new Map<string, number>();
  for (const l of [...lines, ...queued]) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  return products.filter((p) => p.available !== null && (wanted.get(p.id) ?? 0) > p.available);
}

/**
 * What the tablet last knew was left of each product, less what its own sales waiting to sync
 * took: offline, the shelf counts go down with each sale as the stock does.
 */
export function leftAfterQueued(products: Product[], queued: readonly CartLine[]): Product[] {
  const taken = new Map<string, number>();
  for (const l of queued) taken.set(l.productId, (taken.get(l.productId) ?? 0) + l.quantity);
  return products.map((p) =>
    p.available === null || !taken.get(p.id)
      ? p
      : { ...p, available: Math.max(0, p.available - (taken.get(p.id) ?? 0)) },
  );
}

/** Whether a counted line may take one more: an order takes at most MAX_ITEM_QUANTITY of each. */
export const canAddOne = (quantity: number) => quantity < MAX_ITEM_QUANTITY;

/**
 * The lines of the sales this tablet has waiting to sync (refused ones took nothing), at the
 * center `centerId` when given: a sale made at another center takes nothing from this one's
 * stock. A sale queued before the tablet kept its center counts everywhere.
 */
export const queuedLines = (
  sales: readonly { status: string; payload: { body: { order: NewOrderInput }; centerId?: string | null } }[],
  centerId: string | null = null,
) =>
  sales
    .filter((s) => s.status === 'pending' && (!centerId || !s.payload.centerId || s.payload.centerId === centerId))
    .flatMap((s): CartLine[] => s.payload.body.order.items);

/** A key no line of the basket has (lines read back from a draft keep theirs). */
function freeKey(lines: KeyedLine[]): string {
  const taken = new Set(lines.map((l) => l.key));
  let n = lines.length + 1;
  while (taken.has(`line-${n}`)) n++;
  return `line-${n}`;
}

/** Adds a line, merging the same product; each gas refill stays its own line (one per cylinder). */
export function addLine(lines: KeyedLine[], line: CartLine): KeyedLine[] {
  const same = lines.findIndex((l) => l.productId === line.productId && !line.sizeKg && !l.sizeKg);
  if (same < 0) return [...lines, { ...line, key: freeKey(lines) }];
  return lines.map((l, i) =>
    i === same ? { ...l, quantity: Math.min(l.quantity + line.quantity, MAX_ITEM_QUANTITY) } : l,
  );
}

/** A receipt number for a sale made offline: `OFF-` and 6 characters no one misreads aloud. */
export function provisionalNumber(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let s = '';
  for (let i = 0; i < 6; i++) s += alphabet[Math.floor(random() * alphabet.length)];
  return `OFF-${s}`;
}

/** One more or one fewer of a counted line (not gas: a refill is its kg); at 0 the line goes. */
export function stepQuantity(lines: KeyedLine[], key: string, delta: 1 | -1): KeyedLine[] {
  return lines.flatMap((l) => {
    if (l.key !== key || l.sizeKg) return [l];
    const quantity = Math.min(l.quantity + delta, MAX_ITEM_QUANTITY);
    return quantity > 0 ? [{ ...l, quantity }] : [];
  });
}
