// The sell module's face: what other modules may use of it (`import … from '../sell'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { refundCashSale } from './refund';
export { receiptSmsText, sellAtCounter } from './sale';
