// The counter's sale (POST /api/client/new_order) and refund, shared by the tablet and the server.
import { z } from 'zod';
import { PaymentType } from '../enums';
import { orderClientSummarySchema, orderSchema, staffNewOrderInputSchema } from './order';
import { smsOutcomeSchema } from './sms';

/** How the customer paid at the counter. Electronic = a POS card slip or a bank transfer. */
export const counterPaymentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(PaymentType.Cash) }),
  z.object({
    type: z.literal(PaymentType.Electronic),
    reference: z
      .string()
      .trim()
      .min(4, 'Type the POS or transfer reference (at least 4 characters)')
      .max(40, 'The reference is at most 40 characters')
      .regex(/^[A-Za-z0-9/_\-. ]+$/, 'The reference has letters, digits and - / _ . only'),
  }),
  z.object({
    type: z.literal(PaymentType.Wallet),
    /**
     * The code texted to the customer for this amount (docs/product.md, "Counter sales"): their consent to
     * pay from their wallet. Left out, the server texts one and answers 409 WalletCodeSent.
     */
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code is the 6 digits the customer received by SMS')
      .optional(),
  }),
]);
export type CounterPayment = z.infer<typeof counterPaymentSchema>;

/** A provisional receipt number printed by an offline tablet: `OFF-` and 4 to 12 letters or digits. */
export const provisionalNumberSchema = z.string().regex(/^OFF-[A-Z0-9]{4,12}$/, 'Invalid provisional number');

/**
 * A counter tablet's own id: a random id it draws once and keeps (web/lib/device-id.ts, the one
 * sent as X-Device-Id). A provisional number is one sale per tablet, whatever key it is sent under.
 */
export const deviceIdSchema = z.string().regex(/^[\w-]{8,64}$/, 'Invalid device id');

/**
 * Staff at the counter: an order for a walk-in customer (found or added by phone). With `payment`
 * it is paid there and then; `handOver` gives it to the customer at once (Delivered). Without
 * `payment` it is left Not Paid for the customer to pay in the app.
 */
export const counterSaleInputSchema = staffNewOrderInputSchema.extend({
  payment: counterPaymentSchema.optional(),
  handOver: z.boolean().optional(),
  provisionalNumber: provisionalNumberSchema.optional(),
  /**
   * When the tablet took the payment. A cash sale made offline is dated then, in the drawer of the
   * shift it was made in; a moment before that shift began or after it ended (or after now) is
   * refused, past a small allowance for the way. It is priced from `priceVersion`, not from this
   * moment. A sale sent online whose answer was lost is dated at it too.
   */
  soldAt: z.iso.datetime({ offset: true }).optional(),
  /** The tablet that made the sale; needed with a provisional number. */
  deviceId: deviceIdSchema.optional(),
  /**
   * The catalogue version the tablet priced the sale with (`priceVersion` of GET /api/product).
   * Needed with a provisional number: a sale made offline is priced from that version, accepted
   * only if it was in force at some moment of the sale's shift, by the sale's moment. A sale sent
   * online whose total no longer holds is priced at it the same way, or refused.
   */
  priceVersion: z.number().int().nonnegative().optional(),
});
export type CounterSaleInput = z.infer<typeof counterSaleInputSchema>;

export const counterSaleSchema = z.object({
  paymentType: z.enum([PaymentType.Cash, PaymentType.Electronic, PaymentType.Wallet]).nullable(),
  posReference: z.string().nullable(),
  provisionalNumber: z.string().nullable(),
  handedOver: z.boolean(),
  /** The shift whose drawer took the cash (null: not a cash sale). */
  shiftId: z.string().nullable(),
  staffName: z.string(),
  /** `withheld`: an SMS budget was reached (the answer's `sms` says which and until when). */
  receiptSms: z.enum(['sent', 'failed', 'withheld', 'none']),
});
export type CounterSale = z.infer<typeof counterSaleSchema>;

export const counterSaleResponseSchema = z.object({
  client: orderClientSummarySchema,
  order: orderSchema,
  sale: counterSaleSchema,
  /** The SMS receipt, in words the counter can show (absent from answers kept before it was added). */
  sms: smsOutcomeSchema.optional(),
});
export type CounterSaleResponse = z.infer<typeof counterSaleResponseSchema>;

/** POST /api/client/refund_order: a cash sale not yet handed over, paid back from the drawer. */
export const counterRefundInputSchema = z.object({
  orderNumber: z.string().trim().min(3).max(20),
  reason: z.string().trim().min(3, 'Say why the sale is refunded').max(200),
});
export const counterRefundResponseSchema = z.object({ order: orderSchema, refunded: z.number() });

/**
 * A counter basket's fingerprint, as a wallet sale's code is bound to it (with the amount): its
 * lines in an order that does not depend on how they were added.
 */
export const basketOf = (items: readonly { productId: string; quantity: number; sizeKg?: number | undefined }[]) =>
  items
    .map((i) => `${i.productId}:${i.quantity}:${i.sizeKg ?? ''}`)
    .sort()
    .join(',');
