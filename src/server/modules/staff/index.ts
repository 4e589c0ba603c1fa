// The staff module's face: what other modules may use of it (`import … from '../staff'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { currentStaff } from './current-staff';
export {
  centerIdsOfStaff,
  createOrUpdateStaff,
  findStaffByClientId,
  findStaffClientId,
  findStaffDisplayName,
  findStaffPeople,
  listStaff,
  staffClientIdOf,
  staffClientIds,
  staffDisplayNameOf,
  staffOfClientsWith,
  staffOfClientWith,
  workplacesOf,
} from './service';
