// The supply module's face: what other modules may use of it (`import … from '../supply'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { supplierQuotas } from './supplier-quota';
