// The auth module's face: what other modules may use of it (`import … from '../auth'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { issueHandoverCode, verifyHandoverCode } from './handover-code';
export { deleteClientCodes, deleteSpentCodes, sessionRecords } from './privacy';
export { createSessionRevocation } from './session-revocation';
export { ACCESS_COOKIE, clearSessionCookies, createSession, revokeAllSessions } from './session-service';
export { issueWalletSaleCode, verifyWalletSaleCode } from './wallet-sale-code';
