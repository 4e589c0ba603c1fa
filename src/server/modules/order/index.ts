// The order module's face: what other modules may use of it (`import … from '../order'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { cancelPaidOrder } from './counter-refund';
export { recordOrderEvent } from './events';
export type { DeliveryLeg, OrderLegs, StockLedger, StockNeed, StockRefusal } from './legs';
export type { AttributedOrder, OrderRow, PaidOrder } from './lookups';
export {
  clientOrderStats,
  findOrderById,
  findOrderByPickupCode,
  findOrderNumbersByIds,
  findOrdersWithItemsByIds,
  listAttributedOrders,
  listClientCounterOrders,
  listClientDeliveryAddresses,
  listOrderEvents,
  listOrderItems,
  listOrdersPlaced,
  listPaidOrders,
  orderForUpdateSql,
  orderItemsSummaryOf,
  paidRefillsOf,
  toOrderRow,
} from './lookups';
export { markOrderDelivered } from './mark-delivered';
// The move to Paid as parts of one statement, for a payment made in a statement of its own (the
// wallet's): the order module keeps owning that SQL, the payer only composes it.
export type { PaidOrderRow } from './mark-paid';
export {
  historyVersionAfterPaidCte,
  markOrderPaid,
  markPaidCtes,
  markPaidValues,
  payableAskedOrdersSql,
  payableClientOrderSql,
} from './mark-paid';
export { moveOrderToCenter } from './move';
export { markOrderPickedUp, pickedUpCtes, setOrderPickupOutcome } from './pickup-transitions';
export { eraseOrderPersonalFields, orderRecords, owedOrders, unpaidOrderNumbers } from './privacy';
export { signOrderQrToken, verifyOrderQrToken } from './qr-token';
export {
  cancelClientOrder,
  createOrder,
  datePlacedOrder,
  findClientOrder,
  findOrderByNumber,
  requireClientOrder,
  toOrderView,
} from './service';
