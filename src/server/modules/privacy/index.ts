// The privacy module's face: what other modules may use of it (`import … from '../privacy'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { eraseClientAccount } from './erase';
export { exportClientData } from './export';
export { runRetention, scheduleRetention } from './retention';
