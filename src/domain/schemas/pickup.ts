import { z } from 'zod';
import {
  deliveryOptionValues,
  handoverMethodValues,
  orderPickUpDisputeValues,
  orderStatusValues,
  orderTypeValues,
  paymentStatusValues,
  pickupAttemptStatusValues,
  pickupConfirmationActionValues,
  pickupEligibilityStatusValues,
  pickupStatusValues,
} from '../enums';

/** The short code a client reads out at the counter: letters and digits, matched in any case. */
export const pickupCodeSchema = z
  .string()
  .trim()
  .min(4, 'The pickup code is too short')
  .max(16, 'The pickup code is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'The pickup code has letters and digits only')
  .transform((s) => s.toUpperCase());

/** The signed token inside the order's QR code. */
export const pickupQrTokenSchema = z
  .string()
  .trim()
  .min(10, 'This QR code is not an Arrive pickup code')
  .max(120, 'This QR code is not an Arrive pickup code')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'This QR code is not an Arrive pickup code');

export const pickupItemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  sizeKg: z.number().nullable(),
});
export type PickupItem = z.infer<typeof pickupItemSchema>;

/** The latest confirmation request of an order, as shown at the counter and to the client. */
export const pickupRecordSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(pickupStatusValues),
  confirmationAction: z.enum(pickupConfirmationActionValues),
  requestedAt: z.string(),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  staffName: z.string().nullable(),
  nomineeVerified: z.boolean(),
  /** Completed requests: how the hand-over was confirmed, and the approver and reason for a supervisor's. */
  handoverMethod: z.enum(handoverMethodValues).nullable().optional(),
  approvedByName: z.string().nullable().optional(),
  approvalReason: z.string().nullable().optional(),
});
export type PickupRecord = z.infer<typeof pickupRecordSchema>;

/** What the counter sees after a scan or a typed code: the order and the eligibility verdict. */
export const pickupOrderSummarySchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  type: z.enum(orderTypeValues),
  status: z.enum(orderStatusValues),
  paymentStatus: z.enum(paymentStatusValues),
  deliveryOption: z.enum(deliveryOptionValues),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  pickupDispute: z.enum(orderPickUpDisputeValues),
  /** Kobo. */
  total: z.number().int(),
  items: z.array(pickupItemSchema),
  /** The owner's name as the counter should greet them, and the last digits of their phone. */
  clientName: z.string(),
  clientPhoneHint: z.string(),
  nomineeName: z.string().nullable(),
  nomineePhone: z.string().nullable(),
  eligibility: z.enum(pickupEligibilityStatusValues),
  /** Why the verdict is what it is, in words for the counter. */
  eligibilityMessage: z.string(),
  /** Whether the owner's phone is connected to the real-time channel now. */
  clientOnline: z.boolean(),
  pickup: pickupRecordSchema.nullable(),
});
export type PickupOrderSummary = z.infer<typeof pickupOrderSummarySchema>;

/** GET /api/pickup/code/{code}, /qrCode/{code}, /order/{id}: the order and how the attempt was recorded. */
export const pickupLookupResponseSchema = z.object({
  attemptStatus: z.enum(pickupAttemptStatusValues),
  order: pickupOrderSummarySchema,
});
export type PickupLookupResponse = z.infer<typeof pickupLookupResponseSchema>;

/** POST /api/pickup/find: the code the client reads out, or the token of their QR code. */
export const pickupFindInputSchema = z.union([
  z.strictObject({ code: pickupCodeSchema }),
  z.strictObject({ qr: pickupQrTokenSchema }),
]);
export type PickupFindInput = z.infer<typeof pickupFindInputSchema>;

/**
 * POST /api/pickup/find: the look-up, and whether the owner was asked to confirm at once, or
 * already waits on this staff member's own request for the order (the request is then the
 * summary's `pickup`).
 */
export const pickupFindResponseSchema = pickupLookupResponseSchema.extend({ asked: z.boolean() });
export type PickupFindResponse = z.infer<typeof pickupFindResponseSchema>;

/**
 * POST /api/pickup/verify: the counter asks the owner to confirm (the HTTP twin of the
 * requestConfirmationStaff event, for a tablet whose socket is reconnecting).
 */
export const pickupVerifyInputSchema = z.object({
  orderId: z.uuid('Unknown order'),
  /** PickUpBySomeOne: the staff checked the nominee's ID. */
  nomineeVerified: z.boolean().optional(),
});
export type PickupVerifyInput = z.infer<typeof pickupVerifyInputSchema>;

export const pickupVerifyResponseSchema = z.object({
  pickup: pickupRecordSchema,
  order: pickupOrderSummarySchema,
});
export type PickupVerifyResponse = z.infer<typeof pickupVerifyResponseSchema>;

/** POST /api/order/pickup/{id}/respond: the owner's decision (the HTTP twin of pickupConfirmationResponse). */
export const pickupRespondInputSchema = z.object({
  pickupId: z.uuid('Unknown pickup request'),
  action: z.enum(['Approve', 'Rejected']),
  dispute: z.enum(['SomeOneElseClaim', 'InvalidPickup']).optional(),
});
export type PickupRespondInput = z.infer<typeof pickupRespondInputSchema>;

/** One of the client's own orders on the Pickup screen, with what to show at the counter. */
export const clientPickupOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  type: z.enum(orderTypeValues),
  status: z.enum(orderStatusValues),
  deliveryOption: z.enum(deliveryOptionValues),
  total: z.number().int(),
  items: z.array(pickupItemSchema),
  nomineeName: z.string().nullable(),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  pickupDispute: z.enum(orderPickUpDisputeValues),
  eligibility: z.enum(pickupEligibilityStatusValues),
  /** Shown only while the order can be collected; null otherwise. */
  pickupCode: z.string().nullable(),
  qrToken: z.string().nullable(),
  pickup: pickupRecordSchema.nullable(),
  createdAt: z.string(),
});
export type ClientPickupOrder = z.infer<typeof clientPickupOrderSchema>;

export const clientPickupListSchema = z.object({ orders: z.array(clientPickupOrderSchema) });
export type ClientPickupList = z.infer<typeof clientPickupListSchema>;

/** A dispute about a pickup, raised by the owner or by the counter. */
export const pickupDisputeInputSchema = z.object({
  dispute: z.enum(['SomeOneElseClaim', 'InvalidPickup']),
  note: z.string().trim().max(500).optional(),
});
export type PickupDisputeInput = z.infer<typeof pickupDisputeInputSchema>;

/**
 * One attempt at the counter in the back office's history: what happened, by whom and when. Never
 * what was typed or scanned: a wrong code is often one character off the order's real one.
 */
export const pickupAttemptSchema = z.object({
  id: z.string(),
  status: z.enum(pickupAttemptStatusValues),
  method: z.enum(['code', 'qr', 'request', 'response', 'sms', 'approval']),
  reason: z.string().nullable(),
  staffId: z.string().nullable(),
  /** Who made it (their display name), null when no staff member did (the owner's answer). */
  staffName: z.string().nullable(),
  createdAt: z.string(),
});
export type PickupAttempt = z.infer<typeof pickupAttemptSchema>;

/** GET /api/admin/pickup/{id}: the order's pickup history for the back office. */
export const adminPickupDetailSchema = z.object({
  order: pickupOrderSummarySchema,
  pickups: z.array(pickupRecordSchema),
  attempts: z.array(pickupAttemptSchema),
});
export type AdminPickupDetail = z.infer<typeof adminPickupDetailSchema>;

export const idParamSchema = z.object({ id: z.uuid('Unknown order') });

/** The error object of every failure ({message, status, additionalInfo?, type}), for the routes' response schemas. */
export const errorObjectSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  additionalInfo: z.unknown().optional(),
  type: z.string(),
});

// ───────────── Hand-over without the client's app (pickup README: "Hand-over without data") ─────────────

/** POST /api/pickup/handover-code: text the owner a one-time hand-over code. */
export const handoverCodeSendInputSchema = z.object({ orderId: z.uuid('Unknown order') });
export type HandoverCodeSendInput = z.infer<typeof handoverCodeSendInputSchema>;

export const handoverCodeSentSchema = z.object({
  orderId: z.string(),
  /** The last digits of the number the code went to. */
  sentTo: z.string(),
  expiresAt: z.string(),
  attemptsAllowed: z.number().int(),
});
export type HandoverCodeSent = z.infer<typeof handoverCodeSentSchema>;

/** The six digits of a hand-over code, as the associate types them. */
export const handoverCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Type the 6 digits of the code the client received');

/** POST /api/pickup/handover-code/confirm. */
export const handoverCodeConfirmInputSchema = z.object({
  orderId: z.uuid('Unknown order'),
  code: handoverCodeSchema,
  /** PickUpBySomeOne: the staff checked the nominee's ID. */
  nomineeVerified: z.boolean().optional(),
});
export type HandoverCodeConfirmInput = z.infer<typeof handoverCodeConfirmInputSchema>;

export const HANDOVER_REASON_MIN = 5;

/** POST /api/pickup/approve: a Shift Supervisor, Manager or CEO approves with a written reason. */
export const handoverApproveInputSchema = z.object({
  orderId: z.uuid('Unknown order'),
  reason: z
    .string()
    .trim()
    .min(HANDOVER_REASON_MIN, 'Write why you approve (for example: ID seen, name matches)')
    .max(500, 'Keep the reason under 500 characters'),
  nomineeVerified: z.boolean().optional(),
});
export type HandoverApproveInput = z.infer<typeof handoverApproveInputSchema>;

/** The answer of a hand-over made with a code or an approval: the completed request and the order. */
export const handoverResultSchema = z.object({
  pickup: pickupRecordSchema,
  order: pickupOrderSummarySchema,
});
export type HandoverResult = z.infer<typeof handoverResultSchema>;
