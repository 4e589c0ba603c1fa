import { DeliveryOption, HomeDeliveryType, OrderType, ProductType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { formatNumber } from '../../../domain/format';
import {
  type DeliveryAddress,
  GAS_KG_STEP,
  MAX_ITEM_QUANTITY,
  type NewOrderInput,
  type Nominee,
} from '../../../domain/schemas/order';
import type { DbOrTx } from '../../db/client';
import type { MapsAdapter } from '../../integrations/maps/adapter';
import { quoteDelivery } from '../../lib/delivery-quote';
import { orderCenters } from '../centers';
import {
  findActiveProductsByIds,
  priceAtCenter,
  pricesAt,
  rememberedActiveProducts,
  type SellableProduct,
} from '../product';

export type PricedLine = {
  product: SellableProduct;
  quantity: number;
  sizeKg: number | null;
  unitPrice: number;
  lineTotal: number;
};

export type PricedOrder = {
  type: NewOrderInput['type'];
  lines: PricedLine[];
  subtotal: number;
  deliveryFee: number;
  total: number;
  deliveryOption: NewOrderInput['deliveryOption'];
  address: DeliveryAddress | null;
  homeDeliveryType: HomeDeliveryType | null;
  distanceKm: number | null;
  feeIsEstimate: boolean;
  nominee: Nominee | null;
  /** The gas center it is collected at, or delivered from. */
  center: { id: string; name: string };
};

const invalid = (message: string, field?: string) =>
  new AppError(message, { status: 400, type: ErrorType.InvalidInput, ...(field ? { additionalInfo: { field } } : {}) });

/**
 * Prices a cart from the catalogue and the delivery rules, at its gas center: the one chosen
 * (`centerId`: the client's choice, or the counter's own), else for a pickup the first center and
 * for a delivery the nearest to the address. Everything the client sends besides product ids,
 * quantities, the delivery choice and the center is ignored: prices and totals are ours.
 */
export async function priceOrder(
  db: DbOrTx,
  input: NewOrderInput,
  maps: MapsAdapter,
  {
    remembered = false,
    at,
    centerId = input.centerId,
  }: { remembered?: boolean; at?: Date | undefined; centerId?: string | undefined } = {},
): Promise<PricedOrder> {
  // `remembered`: from the products as last read, for a caller that checks the prices when it
  // writes (createOrder); a quote reads them afresh. `at`: at the prices of that moment. The
  // centers are remembered either way (centers/service.ts).
  const ids = input.items.map((i) => i.productId);
  const byId = await (remembered && !at ? rememberedActiveProducts : findActiveProductsByIds)(db, ids);

  const lines: PricedLine[] = input.items.map((item, index) => {
    const product = byId.get(item.productId);
    const field = `items.${index}`;
    if (!product) throw invalid('This product is not available (unknown product)', `${field}.productId`);
    if (product.type === ProductType.Gas) {
      if (item.sizeKg === undefined) throw invalid('Choose the size of the cylinder to fill', `${field}.sizeKg`);
      if (Math.abs(item.quantity / GAS_KG_STEP - Math.round(item.quantity / GAS_KG_STEP)) > 1e-9) {
        throw invalid(`Gas is sold in steps of ${GAS_KG_STEP} kg`, `${field}.quantity`);
      }
      if (item.quantity > item.sizeKg) {
        throw invalid(`A ${item.sizeKg} kg cylinder holds at most ${item.sizeKg} kg of gas`, `${field}.quantity`);
      }
      return {
        product,
        quantity: item.quantity,
        sizeKg: item.sizeKg,
        unitPrice: product.price,
        lineTotal: Math.round(product.price * item.quantity),
      };
    }
    if (!Number.isInteger(item.quantity) || item.quantity > MAX_ITEM_QUANTITY) {
      throw invalid(`Order whole items, at most ${MAX_ITEM_QUANTITY} of each`, `${field}.quantity`);
    }
    return {
      product,
      quantity: item.quantity,
      sizeKg: product.sizeKg,
      unitPrice: product.price,
      lineTotal: product.price * item.quantity,
    };
  });

  const hasGas = lines.some((l) => l.product.type === ProductType.Gas);
  const hasOther = lines.some((l) => l.product.type !== ProductType.Gas);
  const expected = hasGas && hasOther ? OrderType.GasAndProduct : hasGas ? OrderType.Gas : OrderType.Product;
  if (input.type !== expected) {
    throw invalid(`These items make a '${expected}' order, not '${input.type}'`, 'type');
  }

  const centers = await orderCenters(db, centerId);
  let center = centers[0];
  let deliveryFee = 0;
  let address: DeliveryAddress | null = null;
  let homeDeliveryType: HomeDeliveryType | null = null;
  let distanceKm: number | null = null;
  let feeIsEstimate = false;
  let nominee: Nominee | null = null;

  if (input.deliveryOption === DeliveryOption.HomeDelivery) {
    if (!input.address) throw invalid('Enter the delivery address for home delivery', 'address');
    homeDeliveryType = input.homeDeliveryType ?? HomeDeliveryType.OneWay;
    if (homeDeliveryType === HomeDeliveryType.DoubleWay && !hasGas) {
      throw invalid('Collect-and-return (DoubleWay) is for gas refills; choose one-way delivery', 'homeDeliveryType');
    }
    const quote = await quoteDelivery(maps, input.address, homeDeliveryType, centers);
    center = centers.find((c) => c.id === quote.center.id) ?? center;
    deliveryFee = quote.fee;
    address = quote.address;
    distanceKm = quote.distanceKm;
    feeIsEstimate = quote.estimate;
  } else if (input.deliveryOption === DeliveryOption.PickUpBySomeOne) {
    if (!input.nominee) throw invalid('Enter the name and phone of the person picking up', 'nominee');
    nominee = input.nominee;
  }

  if (!center) throw new AppError('No gas center is set up yet', { status: 503, type: ErrorType.Unknown });
  // A center's own price of a product is the price there; at a moment, the center's own price
  // then if it had one, else the company's then.
  const then = at ? await pricesAt(db, ids, at, center.id) : null;
  for (const [index, line] of lines.entries()) {
    const price = then?.get(line.product.id) ?? priceAtCenter(line.product, center.id);
    if (price === line.unitPrice) continue;
    const lineTotal = line.product.type === ProductType.Gas ? Math.round(price * line.quantity) : price * line.quantity;
    lines[index] = { ...line, product: { ...line.product, price }, unitPrice: price, lineTotal };
  }
  const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
  const total = subtotal + deliveryFee;
  if (!Number.isSafeInteger(total)) throw invalid(`This order is too large (₦${formatNumber(total / 100)})`);
  return {
    type: input.type,
    lines,
    subtotal,
    deliveryFee,
    total,
    deliveryOption: input.deliveryOption,
    address,
    homeDeliveryType,
    distanceKm,
    feeIsEstimate,
    nominee,
    center: { id: center.id, name: center.name },
  };
}
