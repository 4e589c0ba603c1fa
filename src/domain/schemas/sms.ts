import { z } from 'zod';

/** Which hourly SMS budget held a message back: the phone's, or the staff member's own. */
export const SmsBudgetScope = { Phone: 'phone', Staff: 'staff' } as const;
export type SmsBudgetScope = (typeof SmsBudgetScope)[keyof typeof SmsBudgetScope];

/**
 * What became of the text message a staff member's action sends, in that action's answer: sent,
 * or not and why (the hourly budget was reached, the provider failed, the customer has no phone),
 * with the words to show and, for a budget, when it opens again.
 */
export const smsOutcomeSchema = z.object({
  sent: z.boolean(),
  reason: z.enum(['SmsBudgetReached', 'SendFailed', 'NoPhone']).optional(),
  budget: z.enum(['phone', 'staff']).optional(),
  /** When the budget opens again (ISO time). */
  retryAfter: z.string().optional(),
  /** Words for the staff member, when it was not sent. */
  message: z.string().optional(),
});
export type SmsOutcome = z.infer<typeof smsOutcomeSchema>;
