import { z } from 'zod';
import { CYLINDER_SIZES_KG, MAX_GAS_KG, MAX_ORDER_LINES } from '../constants';
import {
  deliveryOptionValues,
  deliveryStatusValues,
  homeDeliveryTypeValues,
  orderPickUpDisputeValues,
  orderStatusValues,
  orderTypeValues,
  paymentStatusValues,
  paymentTypeValues,
  productTypeValues,
} from '../enums';
import { smsOutcomeSchema } from './sms';

// The order limits live with the constants (the shop's screens read them without loading zod).
export { GAS_KG_STEP, MAX_GAS_KG, MAX_ITEM_QUANTITY, MAX_ORDER_LINES } from '../constants';

/** Where a home delivery goes; lat/lng are filled by the server's geocoder when absent. */
export const deliveryAddressSchema = z.object({
  line1: z.string().trim().min(3, 'Enter the street address').max(200),
  /** The area of Lagos (e.g. Yaba, Lekki Phase 1). */
  city: z.string().trim().min(2, 'Enter the area or city').max(80),
  state: z.string().trim().min(2).max(60).default('Lagos'),
  note: z.string().trim().max(300).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

const cylinderSizeSchema = z.number().refine((n) => (CYLINDER_SIZES_KG as readonly number[]).includes(n), {
  message: `Cylinder size must be one of ${CYLINDER_SIZES_KG.join(', ')} kg`,
});

/**
 * One line of a new order. For gas, `quantity` is kg and `sizeKg` the cylinder being filled
 * (required: the counter needs to know which cylinder to expect); otherwise `quantity` is a count.
 * Whether the product is gas is only known on the server, which checks the rest.
 */
export const newOrderItemSchema = z.object({
  productId: z.uuid('Unknown product'),
  quantity: z
    .number()
    .positive('Quantity must be more than zero')
    .max(MAX_GAS_KG, `Quantity must be at most ${MAX_GAS_KG}`),
  sizeKg: cylinderSizeSchema.optional(),
});
export type NewOrderItem = z.infer<typeof newOrderItemSchema>;

export const nomineeSchema = z.object({
  name: z.string().trim().min(2, 'Enter the name of the person picking up').max(100),
  /** Local 0XXXXXXXXXX or 234XXXXXXXXXX form. */
  phone: z
    .string()
    .trim()
    .regex(/^(0\d{10}|234\d{10})$/, 'Mobile number format is not correct'),
});
export type Nominee = z.infer<typeof nomineeSchema>;

/** POST /api/order/new (and POST /api/order/quote, which prices the same body without storing). */
export const newOrderInputSchema = z.object({
  type: z.enum(orderTypeValues),
  items: z.array(newOrderItemSchema).min(1, 'Add at least one item').max(MAX_ORDER_LINES),
  deliveryOption: z.enum(deliveryOptionValues),
  /** Required for HomeDelivery. */
  address: deliveryAddressSchema.optional(),
  /** HomeDelivery only: oneWay brings the order; DoubleWay also collects the empty cylinder first. */
  homeDeliveryType: z.enum(homeDeliveryTypeValues).optional(),
  /** Required for PickUpBySomeOne. */
  nominee: nomineeSchema.optional(),
  /**
   * The total (kobo) the client or the counter was shown. When the order's total is another (a
   * price changed since), nothing is placed: 409 Conflict, reason PriceChanged, with the total now.
   * A quote ignores it.
   */
  expectedTotal: z.number().int().nonnegative().optional(),
  /**
   * The gas center (GET /api/centers) it is collected at, or delivered from. Left out: a pickup is
   * collected at the first center, a delivery comes from the center nearest the address. A
   * counter sale is always its seller's center.
   */
  centerId: z.uuid('Unknown gas center').optional(),
});
export type NewOrderInput = z.infer<typeof newOrderInputSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productType: z.enum(productTypeValues),
  name: z.string(),
  /** Kobo per unit (per kg for gas). */
  unitPrice: z.number().int(),
  /** Items, or kg for gas. */
  quantity: z.number(),
  sizeKg: z.number().nullable(),
  lineTotal: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** One entry of an order's timeline (order status or delivery status), with its time. */
export const orderEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['order', 'delivery']),
  status: z.union([z.enum(orderStatusValues), z.enum(deliveryStatusValues)]),
  note: z.string().nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  paymentNumber: z.string(),
  type: z.enum(orderTypeValues),
  status: z.enum(orderStatusValues),
  paymentStatus: z.enum(paymentStatusValues),
  paymentType: z.enum(paymentTypeValues).nullable(),
  deliveryOption: z.enum(deliveryOptionValues),
  /**
   * The gas center it is collected at, or delivered from, and its name. Always sent; optional for
   * a copy kept on a device from before there were centers.
   */
  centerId: z.string().optional(),
  centerName: z.string().optional(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  homeDeliveryType: z.enum(homeDeliveryTypeValues).nullable(),
  nomineeName: z.string().nullable(),
  nomineePhone: z.string().nullable(),
  /** Kobo. */
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  total: z.number().int(),
  /** Road distance from the gas center for home deliveries, in km. */
  deliveryDistanceKm: z.number().nullable(),
  /** True when the distance is a straight-line estimate rather than a maps answer. */
  deliveryFeeIsEstimate: z.boolean(),
  isDelivered: z.boolean(),
  pickupDispute: z.enum(orderPickUpDisputeValues),
  /** Only while the order is Paid and not yet handed over: the code read out at the counter. */
  pickupCode: z.string().nullable(),
  canCancel: z.boolean(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(orderItemSchema),
  events: z.array(orderEventSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** A priced cart: what POST /api/order/quote answers (nothing stored). */
export const orderQuoteSchema = z.object({
  type: z.enum(orderTypeValues),
  items: z.array(orderItemSchema.omit({ id: true })),
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  total: z.number().int(),
  deliveryDistanceKm: z.number().nullable(),
  deliveryFeeIsEstimate: z.boolean(),
  /** The address as the server understood it (coordinates filled in). */
  deliveryAddress: deliveryAddressSchema.nullable(),
  /** The gas center it would be collected at, or delivered from. */
  centerId: z.string().optional(),
  centerName: z.string().optional(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

export const orderListQuerySchema = z.object({
  status: z.enum(orderStatusValues).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderPageSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/**
 * GET /api/order/client. Without `page` the list is read with a cursor: the first call has none,
 * each answer gives `nextCursor` for the next ("More"), null at the end. `page` (numbered pages)
 * is still accepted for older callers; it also answers `total`, counted up to
 * CLIENT_ORDER_COUNT_CAP.
 */
export const clientOrderListQuerySchema = z.object({
  status: z.enum(orderStatusValues).optional(),
  cursor: z.string().trim().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ClientOrderListQuery = z.infer<typeof clientOrderListQuerySchema>;

/** Numbered pages count the client's orders up to this many; `totalIsCapped` says there are more. */
export const CLIENT_ORDER_COUNT_CAP = 1000;

/** One line of the order history: only what the list shows (the detail has the rest). */
export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  type: z.enum(orderTypeValues),
  status: z.enum(orderStatusValues),
  paymentStatus: z.enum(paymentStatusValues),
  paymentType: z.enum(paymentTypeValues).nullable(),
  deliveryOption: z.enum(deliveryOptionValues),
  /**
   * The gas center it is collected at, or delivered from, and its name. Always sent; optional for
   * a list kept on a device from before the lines named it.
   */
  centerId: z.string().optional(),
  centerName: z.string().optional(),
  /** Kobo. */
  total: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const clientOrderPageSchema = z.object({
  orders: z.array(orderSummarySchema),
  pageSize: z.number().int(),
  /** Pass it back as `cursor` for the next orders; null when there are no more. */
  nextCursor: z.string().nullable(),
  /** Only with `page`. */
  page: z.number().int().optional(),
  /** Only with `page`: the client's orders (of this status), counted up to CLIENT_ORDER_COUNT_CAP. */
  total: z.number().int().optional(),
  totalIsCapped: z.boolean().optional(),
});
export type ClientOrderPage = z.infer<typeof clientOrderPageSchema>;

/** POST /api/admin/orders/{id}/move (Manager or CEO): the gas center it goes to, and why. */
export const moveOrderBodySchema = z.object({
  centerId: z.uuid('Choose the gas center to move the order to'),
  reason: z
    .string()
    .trim()
    .min(3, 'Write why the order is moved (at least 3 characters)')
    .max(300, 'The reason can be at most 300 characters'),
});
export type MoveOrderBody = z.infer<typeof moveOrderBodySchema>;

/** What a move answers: the centers it went from and to, and what became of the text to the client. */
export const orderMovedSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  from: z.object({ centerId: z.string(), name: z.string() }),
  to: z.object({ centerId: z.string(), name: z.string() }),
  reason: z.string(),
  /** Null when no text was due (the client switched texts off). */
  sms: smsOutcomeSchema.nullable(),
});
export type OrderMoved = z.infer<typeof orderMovedSchema>;

/** Staff list filter: GET /api/order/filtered. Dates are yyyy-MM-dd Lagos days, inclusive. */
export const orderFilterQuerySchema = orderListQuerySchema.extend({
  deliveryOption: z.enum(deliveryOptionValues).optional(),
  fromDate: z.iso.date().optional(),
  toDate: z.iso.date().optional(),
});
export type OrderFilterQuery = z.infer<typeof orderFilterQuerySchema>;

export const orderClientSummarySchema = z.object({
  id: z.string(),
  phoneLocal: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
});
export type OrderClientSummary = z.infer<typeof orderClientSummarySchema>;

/** Staff view: GET /api/order/with_client/{id} and /with_client/search. */
export const orderWithClientSchema = orderSchema.extend({ client: orderClientSummarySchema });
export type OrderWithClient = z.infer<typeof orderWithClientSchema>;

export const orderSearchQuerySchema = z.object({
  /** An order number, payment number, pickup code or the client's phone number. */
  q: z.string().trim().min(3, 'Type at least 3 characters').max(40),
});

/** GET /api/order/qr_code/{id}: a signed token naming the order, for the QR code, and the short code. */
export const orderQrSchema = z.object({
  orderNumber: z.string(),
  token: z.string(),
  pickupCode: z.string(),
});
export type OrderQr = z.infer<typeof orderQrSchema>;

/** GET /api/order/pending_url/{id}: where to resume paying a Not Paid order. */
export const orderPendingUrlSchema = z.object({
  orderNumber: z.string(),
  paymentNumber: z.string(),
  payable: z.boolean(),
  /** The app path that starts (or resumes) the payment; null when nothing is owed. */
  url: z.string().nullable(),
});

/** POST /api/client/new_order (staff at the counter): an order for a walk-in client by phone. */
export const staffNewOrderInputSchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^(0\d{10}|234\d{10})$/, 'Mobile number format is not correct'),
  firstname: z.string().trim().min(1).max(60).optional(),
  lastname: z.string().trim().min(1).max(60).optional(),
  order: newOrderInputSchema,
});

/** GET /api/client/user/{email} (staff). */
export const clientLookupSchema = orderClientSummarySchema.extend({
  orderCount: z.number().int(),
  lastOrderAt: z.string().nullable(),
});
