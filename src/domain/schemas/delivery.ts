import { z } from 'zod';
import { deliveryStatusValues, deliveryVehicleValues, homeDeliveryTypeValues, productTypeValues } from '../enums';
import { deliveryAddressSchema } from './order';
import { smsOutcomeSchema } from './sms';

/**
 * How a home delivery is priced (kobo): a base plus a rate per km of road from the gas center,
 * rounded up to ₦50; DoubleWay (collect the empty cylinder, bring it back filled) is two trips,
 * so twice the fee. Beyond MAX_KM the order is refused.
 */
export const deliveryFeeRules = {
  baseKobo: 100_000,
  perKmKobo: 15_000,
  roundToKobo: 5_000,
  doubleWayFactor: 2,
  maxKm: 40,
} as const;

/** Delivery fee for a road distance, by the rules above. */
export function deliveryFeeKobo(distanceKm: number, type: 'oneWay' | 'DoubleWay'): number {
  const { baseKobo, perKmKobo, roundToKobo, doubleWayFactor } = deliveryFeeRules;
  const oneWay = Math.ceil((baseKobo + perKmKobo * Math.max(0, distanceKm)) / roundToKobo) * roundToKobo;
  return type === 'DoubleWay' ? oneWay * doubleWayFactor : oneWay;
}

/** POST /api/delivery/quote: the fee for an address before the order is confirmed. */
export const deliveryQuoteInputSchema = z.object({
  address: deliveryAddressSchema,
  homeDeliveryType: z.enum(homeDeliveryTypeValues).default('oneWay'),
  /** The gas center to deliver from; left out, the nearest to the address (in a straight line). */
  centerId: z.uuid('Unknown gas center').optional(),
});

export const deliveryQuoteSchema = z.object({
  fee: z.number().int(),
  distanceKm: z.number(),
  estimate: z.boolean(),
  homeDeliveryType: z.enum(homeDeliveryTypeValues),
  /** The gas center it is delivered from. */
  center: z.object({ id: z.string(), name: z.string(), lat: z.number(), lng: z.number() }),
  address: deliveryAddressSchema,
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;

export const deliverySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  clientId: z.string(),
  status: z.enum(deliveryStatusValues),
  type: z.enum(homeDeliveryTypeValues),
  /** The street line is empty once withheld: a rider's finished delivery keeps only the area. */
  address: deliveryAddressSchema.extend({ line1: z.string().max(200) }),
  distanceKm: z.number().nullable(),
  fee: z.number().int(),
  /**
   * The rider. Staff read their account, full name and phone; the order's client reads the first
   * name only (carrierClientId and carrierPhone null) and calls the gas center (`centerPhone`).
   */
  carrierClientId: z.string().nullable(),
  carrierName: z.string().nullable(),
  carrierPhone: z.string().nullable(),
  vehicle: z.enum(deliveryVehicleValues).nullable(),
  note: z.string().nullable(),
  assignedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The client's view only: the gas center's counter phone to call about the delivery (null: none set). */
  centerPhone: z.string().nullable().optional(),
  /** A staff member's step only: the text it sends the client, or why it will not go out (SMS budgets). */
  sms: smsOutcomeSchema.optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * PUT /api/delivery/assign/{id} (dispatchers): the rider, a current Delivery Person staff member,
 * by staff id (`riderId`) or by the phone of their account (`carrierPhone`, with `carrierName`).
 */
export const deliveryAssignInputSchema = z
  .object({
    riderId: z.uuid('Choose a rider').optional(),
    carrierName: z.string().trim().min(2).max(100).optional(),
    carrierPhone: z
      .string()
      .trim()
      .regex(/^(0\d{10}|234\d{10})$/, 'Mobile number format is not correct')
      .optional(),
    vehicle: z.enum(deliveryVehicleValues).default('Bike'),
    /**
     * The rider's account the dispatcher saw on the delivery (null: none yet). If another
     * dispatcher assigned someone else meanwhile, nothing changes: 409 Conflict, reason
     * AssignedMeanwhile, with who it is now. Left out: no check.
     */
    replacing: z.string().nullable().optional(),
  })
  .refine((v) => v.riderId !== undefined || v.carrierPhone !== undefined, {
    message: 'Choose a rider',
    path: ['riderId'],
  });

/** Where the rider's phone was, when it could tell (navigator.geolocation; never required). */
export const riderLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres, as the phone reports it. */
  accuracyM: z.number().min(0).max(100_000).optional(),
});
export type RiderLocation = z.infer<typeof riderLocationSchema>;

/** PUT /api/delivery/status/{id}: dispatchers move any delivery, a rider only their own. */
export const deliveryStatusInputSchema = z.object({
  status: z.enum(deliveryStatusValues),
  note: z.string().trim().max(300).optional(),
  location: riderLocationSchema.optional(),
  /**
   * The client's delivery code (the order's pickup code, on their order page): a rider marks a
   * delivery Delivered only with it, as proof the client has the order. Dispatchers need none.
   */
  code: z.string().trim().max(20).optional(),
  /**
   * When the rider took the step: a phone without a network keeps it and sends it later, and the
   * step keeps the real time (after the step before it, never after now).
   */
  at: z.iso.datetime({ offset: true }).optional(),
});

export const deliveryListQuerySchema = z.object({
  status: z.enum(deliveryStatusValues).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/address/previous_deliver. */
export const previousAddressesSchema = z.object({
  addresses: z.array(deliveryAddressSchema.extend({ lastUsedAt: z.string() })),
});

export const deliveryPageSchema = z.object({
  deliveries: z.array(deliverySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** PUT /api/delivery/update/{id} (staff): the note for the carrier and the vehicle. */
export const deliveryUpdateInputSchema = z.object({
  note: z.string().trim().max(300).nullable().optional(),
  vehicle: z.enum(deliveryVehicleValues).optional(),
});

/** POST /api/delivery/new (staff): open the delivery of a HomeDelivery order that has none. */
export const deliveryNewInputSchema = z.object({ orderId: z.uuid() });

/** POST /api/client/new_meeting: ask the gas center for a visit. */
export const homeVisitInputSchema = z.object({
  purpose: z.enum(['Installation', 'SafetyCheck', 'Consultation']),
  /** yyyy-MM-dd, today or later (Lagos), within 60 days. */
  preferredDate: z.iso.date('Enter the date as yyyy-MM-dd'),
  timeSlot: z.enum(['Morning', 'Afternoon', 'Evening']),
  address: deliveryAddressSchema,
  contactPhone: z
    .string()
    .trim()
    .regex(/^(0\d{10}|234\d{10})$/, 'Mobile number format is not correct'),
  note: z.string().trim().max(300).optional(),
});
export type HomeVisitInput = z.infer<typeof homeVisitInputSchema>;

export const homeVisitSchema = homeVisitInputSchema.extend({
  id: z.string(),
  status: z.enum(['Requested', 'Confirmed', 'Done', 'Cancelled']),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type HomeVisit = z.infer<typeof homeVisitSchema>;

// ── Dispatch: the board, the rider's day, the client's view of the progress ──

/** One recorded step of a delivery. */
export const deliveryStepSchema = z.object({
  status: z.enum(deliveryStatusValues),
  at: z.string(),
  /** Recorded by the rider on their phone, rather than by the dispatcher. */
  byRider: z.boolean(),
  /** Whether the phone shared where it was (the position itself is for staff only). */
  located: z.boolean(),
  note: z.string().nullable(),
});
export type DeliveryStep = z.infer<typeof deliveryStepSchema>;

/** A delivery as dispatchers and riders see it: who to bring what to, and its steps. */
export const dispatchDeliverySchema = deliverySchema.extend({
  statusChangedAt: z.string(),
  clientName: z.string(),
  clientPhone: z.string(),
  /** Kobo. */
  orderTotal: z.number().int(),
  orderStatus: z.string(),
  /** The gas center the order is delivered from, and its name (optional: a copy saved before centers). */
  centerId: z.string().optional(),
  centerName: z.string().optional(),
  /** Each line with its product type (optional for the same reason), so a step names what is collected. */
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      sizeKg: z.number().nullable(),
      productType: z.enum(productTypeValues).optional(),
    }),
  ),
  steps: z.array(deliveryStepSchema),
});
export type DispatchDelivery = z.infer<typeof dispatchDeliverySchema>;

/** A Delivery Person who can be assigned. */
export const riderSchema = z.object({
  staffId: z.string(),
  clientId: z.string(),
  name: z.string(),
  phone: z.string(),
  onShift: z.boolean(),
  /** Open deliveries assigned to them now. */
  openDeliveries: z.number().int(),
  /** The gas centers they work at: they are assigned only deliveries of these. */
  centerIds: z.array(z.string()).optional(),
});
export type Rider = z.infer<typeof riderSchema>;

/**
 * GET /api/delivery/board?center=…: the board of one gas center, that of the caller's shift when
 * left out; a CEO or a Manager may name any center, or `all`.
 */
export const dispatchBoardQuerySchema = z.object({
  center: z.union([z.literal('all'), z.uuid('There is no such gas center. Choose one from the list.')]).optional(),
});
export type DispatchBoardQuery = z.infer<typeof dispatchBoardQuerySchema>;

/** GET /api/delivery/board (dispatchers). */
export const dispatchBoardSchema = z.object({
  deliveries: z.array(dispatchDeliverySchema),
  riders: z.array(riderSchema),
  /** The center whose board this is; null: every center's. */
  centerId: z.string().nullable().optional(),
  /** Whether the caller may look at another center's board, or all of them (CEO and Manager). */
  mayChooseCenter: z.boolean().optional(),
});
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

/** GET /api/delivery/mine (a Delivery Person): today's deliveries and any still open. */
export const riderDeliveriesSchema = z.object({ deliveries: z.array(dispatchDeliverySchema) });
export type RiderDeliveries = z.infer<typeof riderDeliveriesSchema>;

/** PUT /api/delivery/location/{id} (the rider): where the phone is now. */
export const riderLocationInputSchema = riderLocationSchema;

/**
 * What the client sees of their delivery (GET /api/delivery/progress/{orderId} and the
 * deliveryProgress event): the steps with their times, the rider's first name and vehicle, and
 * while the delivery is InTransit roughly how far the rider is (straight line); never the rider's
 * position or phone. The client calls the gas center (`centerPhone`), not the rider.
 */
export const deliveryProgressSchema = z.object({
  deliveryId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(deliveryStatusValues),
  statusChangedAt: z.string(),
  riderName: z.string().nullable(),
  vehicle: z.enum(deliveryVehicleValues).nullable(),
  steps: z.array(z.object({ status: z.enum(deliveryStatusValues), at: z.string() })),
  /** Straight-line km from the rider's last shared position to the address, to 0.1 km; InTransit only. */
  distanceKm: z.number().nullable(),
  locatedAt: z.string().nullable(),
  /** The gas center's counter phone (null: none set; the page points to the Help centre). */
  centerPhone: z.string().nullable(),
});
export type DeliveryProgress = z.infer<typeof deliveryProgressSchema>;
