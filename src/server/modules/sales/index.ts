// The sales module's face: what other modules may use of it (`import … from '../sales'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { attributedSales, salesByStaff } from './service';
export { staffSalesDetail } from './staff-sales';
