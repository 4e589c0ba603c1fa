// The order lifecycle (OrderStatus), as the server moves it today. See README.md.
import { OrderStatus } from '../enums';
import { defineLifecycle } from './lifecycle';

const { NotPaid, Processing, Paid, Failed, Delivered, Cancelled, ClientRejectPickup, StaffRejectPickup } = OrderStatus;

export const orderLifecycle = defineLifecycle<OrderStatus>({
  name: 'order',
  // Listed here, not taken from the enum, so a new OrderStatus fails the tests until it is placed.
  // Processing and Failed are never written: a card payment moves the order from Not Paid to Paid
  // in one step, and a failed payment leaves it Not Paid (it can be paid again).
  states: [NotPaid, Processing, Paid, Failed, Delivered, Cancelled, ClientRejectPickup, StaffRejectPickup],
  // Placed by the client, or by staff at the counter on the client's behalf.
  initial: [NotPaid],
  transitions: [
    {
      from: NotPaid,
      to: Paid,
      by: ['paystack', 'client', 'staff'],
      note: 'a verified card payment (order/mark-paid.ts via payment/order-payment.ts) or the wallet (wallet/pay-order.ts); staff taking cash, POS or wallet at the counter (sell/sale.ts)',
    },
    {
      from: NotPaid,
      to: Cancelled,
      by: ['client'],
      note: 'order/service.ts cancelClientOrder; from Paid on money has moved, so support handles it',
    },
    {
      from: Paid,
      to: Cancelled,
      by: ['staff'],
      note: 'a cash sale refunded at the counter before hand-over (order/counter-refund.ts via sell/refund.ts); a paid order whose delivery a dispatcher cancels, refunded (delivery/cancel-paid.ts)',
    },
    {
      from: Paid,
      to: Delivered,
      by: ['client', 'staff'],
      note: 'the owner confirms the counter hand-over (pickup/service.ts), or staff record a home delivery Delivered (delivery/service.ts)',
    },
    { from: Paid, to: ClientRejectPickup, by: ['client'], note: 'the owner refuses a hand-over (pickup/service.ts)' },
    { from: Paid, to: StaffRejectPickup, by: ['staff'], note: 'the counter refuses a hand-over (pickup/service.ts)' },
    {
      from: ClientRejectPickup,
      to: StaffRejectPickup,
      by: ['staff'],
      note: 'the counter refuses after the owner did',
    },
    {
      from: ClientRejectPickup,
      to: Delivered,
      by: ['client'],
      note: 'a refused hand-over stays eligible (no dispute): a later request the owner confirms',
    },
    {
      from: StaffRejectPickup,
      to: Delivered,
      by: ['client'],
      note: 'as above, after the counter refused',
    },
  ],
});
