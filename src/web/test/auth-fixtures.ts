import type { AuthObject, StaffRecord } from '../../domain/schemas/auth';

/** The demo sales associate's sign-in (demo account 08010000003), with the staff record given. */
export const signedInAs = (staff: StaffRecord | null): AuthObject => ({
  isLogin: true,
  isVerified: true,
  clientId: 'c1',
  client: {
    id: 'c1',
    phoneLocal: '08010000003',
    phoneInternational: '2348010000003',
    firstname: 'Chidi',
    lastname: 'Eze',
    email: null,
    staff,
  },
});

/** A current sales associate, off shift. */
export const salesAssociate: StaffRecord = {
  id: 's1',
  role: 'Sales Associate',
  access: ['Staff'],
  isCurrentStaff: true,
  shift: null,
};
