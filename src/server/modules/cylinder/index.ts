// The cylinder module's face: what other modules may use of it (`import … from '../cylinder'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { cylinderRecords, deleteClientCylinders } from './privacy';
export { cylindersExpiringBy } from './service';
