// The audit module's face: what other modules may use of it (`import … from '../audit'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { auditContextPlugin } from './context';
export { recordAudit } from './service';
