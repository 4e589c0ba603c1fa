// The delivery module's face: what other modules may use of it (`import … from '../delivery'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { publishDeliveryProgress, publishDispatchBoard } from './channel';
export { deliveriesCarriedBy } from './dispatch';
export { DeliveryNotices } from './notices';
export { deliveryLeg } from './order-leg';
export { clearEndedRiderPositions, deliveryRecords, eraseDeliveryPersonalFields, homeVisitRecords } from './privacy';
export { bookHomeVisit } from './visits';
