// The sales module's face: what other modules may use of it (`import … from '../sales'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { type ReportScope, scopeFileName } from './report-center';
export { ALL_CENTERS, salesByStaffCsv } from './report-csv';
export { attributedSales, salesByStaff, staffSalesSections } from './service';
export { staffSalesDetail } from './staff-sales';
