// The app module's face: what other modules may use of it (`import … from '../app'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { createIdempotencyStore } from './idempotency-store';
