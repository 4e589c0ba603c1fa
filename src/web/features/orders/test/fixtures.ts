import type { NewOrderInput, Order, OrderQuote, OrderSummary } from '../../../../domain/schemas/order';
import type { Product } from '../../../../domain/schemas/product';
import type { ItemLine } from '../lib/cart';

export const orderFixture = (over: Partial<Order> = {}): Order => ({
  id: '6f1c2a4e-3b7d-4e8f-9a1b-2c3d4e5f6a7b',
  orderNumber: 'ARV-7K2M9Q',
  paymentNumber: 'PAY-4HX9T2KD',
  type: 'Gas',
  status: 'Not Paid',
  paymentStatus: 'pending',
  paymentType: null,
  deliveryOption: 'PickerUP',
  deliveryAddress: null,
  homeDeliveryType: null,
  nomineeName: null,
  nomineePhone: null,
  subtotal: 1_562_500,
  deliveryFee: 0,
  total: 1_562_500,
  deliveryDistanceKm: null,
  deliveryFeeIsEstimate: false,
  isDelivered: false,
  pickupDispute: 'none',
  pickupCode: null,
  canCancel: true,
  paidAt: null,
  deliveredAt: null,
  cancelledAt: null,
  createdAt: '2026-03-05T09:30:00.000Z',
  updatedAt: '2026-03-05T09:30:00.000Z',
  items: [
    {
      id: 'i1',
      productId: 'g',
      productType: 'Gas',
      name: 'Cooking gas (LPG) refill (12.5 kg cylinder)',
      unitPrice: 125_000,
      quantity: 12.5,
      sizeKg: 12.5,
      lineTotal: 1_562_500,
    },
  ],
  events: [{ id: 'e1', kind: 'order', status: 'Not Paid', note: 'Order placed', at: '2026-03-05T09:30:00.000Z' }],
  ...over,
});

/** An order as the history lists it. */
export const orderSummaryFixture = (over: Partial<Order> = {}): OrderSummary => {
  const o = orderFixture(over);
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    type: o.type,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentType: o.paymentType,
    deliveryOption: o.deliveryOption,
    total: o.total,
    itemCount: o.items.length,
    createdAt: o.createdAt,
  };
};

export const productsFixture: Product[] = [
  {
    id: 'g',
    type: 'Gas',
    name: 'Cooking gas (LPG) refill',
    description: 'Refill per kg',
    price: 125_000,
    sizeKg: null,
    imageUrl: null,
    available: null,
  },
  {
    id: 'c12',
    type: 'Cylinder',
    name: '12.5 kg gas cylinder',
    description: 'Empty',
    price: 4_800_000,
    sizeKg: 12.5,
    imageUrl: null,
    available: 3,
  },
  {
    id: 'b',
    type: 'Burner',
    name: 'Single burner (cylinder top)',
    description: 'Screws on',
    price: 850_000,
    sizeKg: null,
    imageUrl: null,
    available: null,
  },
  {
    id: 's',
    type: 'GasStove',
    name: 'Table-top gas cooker, 2 burners',
    description: 'Steel',
    price: 3_800_000,
    sizeKg: null,
    imageUrl: null,
    available: 0,
  },
];

/** A server stand-in for the quote: prices it like the real one would (pickup: no fee; home delivery: a fixed estimate). */
export function quoteFor(input: NewOrderInput): OrderQuote {
  const items = input.items.map((i) => {
    const p = productsFixture.find((x) => x.id === i.productId);
    const lineTotal = Math.round((p?.price ?? 0) * i.quantity);
    return {
      productId: i.productId,
      productType: p?.type ?? 'Gas',
      name: p?.name ?? '',
      unitPrice: p?.price ?? 0,
      quantity: i.quantity,
      sizeKg: i.sizeKg ?? null,
      lineTotal,
    };
  });
  const subtotal = items.reduce((s, i) => s + i.lineTotal, 0);
  const fee = input.deliveryOption === 'HomeDelivery' ? 235_000 : 0;
  return {
    type: input.type,
    items,
    subtotal,
    deliveryFee: fee,
    total: subtotal + fee,
    deliveryDistanceKm: fee ? 9 : null,
    deliveryFeeIsEstimate: Boolean(fee),
    deliveryAddress: input.address ?? null,
  };
}

/** The burner of productsFixture as a cart line: `quantity` of it at `price` (kobo). */
export const burnerLine = (quantity: number, price = 850_000): ItemLine => ({
  kind: 'item',
  key: 'item:b',
  productId: 'b',
  name: 'Single burner (cylinder top)',
  type: 'Burner',
  price,
  quantity,
});

/** A page of the history as GET /api/order/client answers it: two orders by default. */
export const orderPageFixture = (
  orders = [
    orderSummaryFixture(),
    orderSummaryFixture({ id: 'o2', orderNumber: 'ARV-2B3C4D', status: 'Paid', total: 4_800_000 }),
  ],
  nextCursor: string | null = null,
) => ({ orders, pageSize: 10, nextCursor });
