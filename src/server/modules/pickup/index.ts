// The pickup module's face: what other modules may use of it (`import … from '../pickup'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { PickupChannel } from './channel';
export { listClientPickupOrders, toClientPickupOrder } from './client-view';
export { isPickupOfOrder, pickupHistoryOf } from './history';
export { pickupRecords } from './privacy';
export { refusalToAppError } from './service';
