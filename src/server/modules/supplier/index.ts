// The supplier module's face: what other modules may use of it (`import … from '../supplier'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { findSupplierNames, listSupplierNames } from './service';
