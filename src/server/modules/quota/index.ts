// The quota module's face: what other modules may use of it (`import … from '../quota'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export type { CatalogueCache } from './catalogue-cache';
export { createCatalogueCache, matchesEtag } from './catalogue-cache';
export { quotaStock } from './order-leg';
export { transfersByDayCsv, transfersCsv } from './report-csv';
export { addSuppliedGas } from './service';
export { catalogueBody, quotaOfProduct, toProductViews } from './shop';
export { transferActivity } from './transfer-report';
export {
  cancelTransfer,
  listTransfers,
  receiveTransfer,
  requireTransfer,
  sendTransfer,
  type TransferWithProduct,
  withProducts,
} from './transfers';
