// The wallet module's face: what other modules may use of it (`import … from '../wallet'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { applyCardFunding, applyDedicatedTransfer } from './funding';
export { credit } from './ledger';
export { payOrderFromWallet, payOrderFromWalletIn, walletPaymentsTogether } from './pay-order';
export { eraseWalletHolder, lockedWalletBalance, walletRecords } from './privacy';
export { findActiveWallet, insufficientFund, walletNotFound } from './queries';
export { reconcileWallets } from './reconcile';
