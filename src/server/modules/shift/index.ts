// The shift module's face: what other modules may use of it (`import … from '../shift'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { createStaffRoute } from './create-staff-route';
export { type DrawersCsvGrouping, drawersCsv } from './drawers-csv';
export {
  cashSaleOf,
  endShift,
  findShift,
  findShifts,
  openShiftOf,
  openShiftRefOf,
  openShiftsOf,
  recordCashMovement,
  recordSyncedCashSale,
  shiftAt,
  startShift,
} from './service';
export { listStaffOnShift } from './staff-list';
