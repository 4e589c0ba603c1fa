// The payment lifecycle (PaymentStatus), as the server moves it today. See README.md.
import { PaymentStatus } from '../enums';
import { type Actor, defineLifecycle, type Transition } from './lifecycle';

const { Abandoned, Failed, Ongoing, Pending, Processing, Queued, Reversed, Success } = PaymentStatus;

/**
 * Every status a payment can still leave. Paystack lets a holder retry a checkout (another card
 * after a decline, a late payment of an abandoned or closed checkout), so failed and abandoned
 * are not final: reconciliation keeps asking about them for a while (payment/reconcile.ts).
 */
const unsettled = [Pending, Ongoing, Queued, Failed, Abandoned] as const;

/**
 * Where an unsettled payment can go, and on whose word. ongoing and queued are the provider's
 * words for "still waiting": the server reads them as pending and never writes them.
 */
const moves: readonly { to: PaymentStatus; by: readonly Actor[]; note: string }[] = [
  { to: Pending, by: ['paystack'], note: 'the provider still waits for the holder' },
  {
    to: Failed,
    by: ['paystack', 'system'],
    note: 'declined; or never initialized, or unknown to the provider (payment/service.ts, reconcile.ts, processing.ts)',
  },
  {
    to: Abandoned,
    by: ['paystack', 'system'],
    note: 'left for a day; or closed because the order was paid another way (payment/order-payment.ts)',
  },
  { to: Success, by: ['paystack'], note: 'paid, and its value given (payment/processing.ts applySuccess)' },
  {
    to: Processing,
    by: ['system'],
    note: 'paid, but no value can be given (amount or order mismatch): set aside for staff',
  },
  {
    to: Reversed,
    by: ['paystack', 'system'],
    note: 'reversed by the provider; or paid for an order already paid or closed: refunded',
  },
];

/** success, processing and reversed are final: nothing the server does moves them again. */
export const paymentLifecycle = defineLifecycle<PaymentStatus>({
  name: 'payment',
  // Listed here, not taken from the enum, so a new PaymentStatus fails the tests until it is placed.
  states: [Pending, Ongoing, Queued, Failed, Abandoned, Success, Processing, Reversed],
  // A checkout, a saved-card charge or a wallet funding is recorded before the provider is asked.
  initial: [Pending],
  transitions: unsettled.flatMap((from) =>
    moves
      .filter(({ to }) => to !== from)
      .map(({ to, by, note }): Transition<PaymentStatus> => ({ from, to, by, note })),
  ),
});
