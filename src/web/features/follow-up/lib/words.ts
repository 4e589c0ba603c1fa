import type { PaymentErrorStatus } from '../../../../domain/enums';
import type { LeadView } from '../../../../domain/schemas/leads';
import type { StatusTone } from '../../../components/status-tones';

// What the follow-up screens call things: never a raw code on screen.

const serviceWords: Record<string, string> = {
  ride: 'Rides',
  'home-delivery': 'Home delivery',
  'food-delivery': 'Food delivery',
  'grocery-delivery': 'Grocery delivery',
  business: 'Business',
  restaurant: 'Restaurant',
  driver: 'Driver',
  rider: 'Rider',
  'restaurant-partner': 'Restaurant partner',
  'grocery-partner': 'Grocery partner',
  'business-solutions': 'Business solutions',
  'service-1': 'Other service',
  'service-2': 'Other service',
};

/** "Driver application", "Restaurant partner interest", … */
export const leadWhat = (lead: Pick<LeadView, 'kind' | 'service'>) =>
  `${serviceWords[lead.service] ?? 'Other service'} ${lead.kind === 'application' ? 'application' : 'interest'}`;

/** The kinds of payment problem the server records (payment and wallet modules), in words. */
const problemWords: Record<string, string> = {
  PaidAmountNotMatch: 'Amount paid does not match',
  CantVerifyOrderPayment: 'Payment could not be checked',
  NotFound: 'Money arrived for an unknown payment',
  WalletNotFound: 'Money arrived but no wallet to credit',
  OrderPaymentError: 'Refund needs doing by hand',
};
export const problemWhat = (type: string) => problemWords[type] ?? 'Payment problem';

/** Settled problems: nothing more to do unless they come back (they reopen on their own). */
export const SETTLED: readonly PaymentErrorStatus[] = ['Resolved', 'Ignored', 'Closed'];

export const problemStatus: Record<PaymentErrorStatus, { label: string; tone: StatusTone }> = {
  New: { label: 'New', tone: 'bad' },
  Active: { label: 'Open', tone: 'warn' },
  Seen: { label: 'Seen', tone: 'warn' },
  InProgress: { label: 'In progress', tone: 'info' },
  Escalated: { label: 'Escalated', tone: 'bad' },
  Resolved: { label: 'Resolved', tone: 'ok' },
  Ignored: { label: 'Ignored', tone: 'neutral' },
  Closed: { label: 'Closed', tone: 'neutral' },
  Reopened: { label: 'Reopened', tone: 'bad' },
};
