// The payment module's face: what other modules may use of it (`import … from '../payment'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { untakenPaymentProblems } from './open-problems';
// closeOpenCheckoutsSql: the same closing as a part of one statement (the wallet's payment).
export { closeOpenCheckouts, closeOpenCheckoutsSql, giveOrderValue } from './order-payment';
export { recordPaymentError } from './payment-errors';
export { erasePaymentPersonalFields, paymentRecords, savedCardRecord } from './privacy';
export { verifyPaymentByReference } from './processing';
export { makeOrderRefundDue, requestRefund } from './refunds';
export type { DedicatedTransferEvent, PaymentHandlers, PaymentRow } from './service';
export { initiatePayment } from './service';
