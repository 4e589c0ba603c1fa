// The client module's face: what other modules may use of it (`import … from '../client'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { clientProfileRecord, eraseClientIdentity } from './privacy';
export type { ClientRow, ClientSummary } from './service';
export {
  addClient,
  clientIdsWithPhoneLike,
  clientNameOf,
  clientPhoneOf,
  displayName,
  findClientByEmail,
  findClientById,
  findClientByPhone,
  findClientSummary,
  findClientsByIds,
  lockClient,
  markClientVerified,
  updateClientProfile,
} from './service';
