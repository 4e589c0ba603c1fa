import type { DeliveryStatus, ProductType } from './enums';

/** Each DeliveryStatus in the words of the gas center's staff and riders. */
export const staffDeliveryLabel: Record<DeliveryStatus, string> = {
  Pending: 'Waiting for a rider',
  Accepted: 'Rider assigned',
  Rejected: 'Rider declined',
  CarrierPickup: 'Collected the order',
  InTransit: 'In transit',
  Delivered: 'Delivered',
  OrderNotDelivered: 'Not delivered',
  CantLocateClientLocation: "Can't locate the client",
  Other: 'Other problem',
  Cancelled: 'Cancelled',
};

/** A line of an order as far as the words need it: what it is and how many. */
export type GoodsLine = { productType?: ProductType | null | undefined; quantity: number; sizeKg?: number | null };

const nounOfType: Record<ProductType, string> = {
  Gas: 'cylinder',
  Cylinder: 'cylinder',
  GasStove: 'stove',
  Burner: 'burner',
};

/**
 * What the rider collects, in one word: a gas refill or a cylinder is "cylinder", a stove
 * "stove", a burner "burner"; more than one thing (two lines, or two of a thing) "items". A line
 * whose type is not known (a copy saved before the type was sent) is a refill when it names the
 * cylinder's size; otherwise, and for no lines, "order".
 */
export function goodsWord(lines: readonly GoodsLine[] | null | undefined): string {
  if (!lines?.length) return 'order';
  const [only] = lines;
  if (lines.length > 1 || !only) return 'items';
  const type = only.productType ?? (only.sizeKg != null ? 'Gas' : undefined);
  if (!type) return 'order';
  // Gas is counted in kg: a refill is one cylinder whatever its weight.
  if (type !== 'Gas' && only.quantity > 1) return 'items';
  return nounOfType[type];
}

/** A status in the staff's and rider's words, naming what is collected ("Collected the stove"). */
export function staffStepLabel(status: DeliveryStatus, lines?: readonly GoodsLine[] | null): string {
  return status === 'CarrierPickup' ? `Collected the ${goodsWord(lines)}` : staffDeliveryLabel[status];
}
