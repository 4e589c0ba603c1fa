import type { StaffMember } from '../../../domain/schemas/staff';
import type { DbOrTx } from '../../db/client';
import { listStaff } from '../staff';
import { openShiftsOf } from './service';

/** Staff members with their names and the shift they are working now (three queries, whatever the count). */
export async function listStaffOnShift(
  db: DbOrTx,
  filter: { id?: string; currentOnly?: boolean } = {},
): Promise<StaffMember[]> {
  const members = await listStaff(db, filter);
  const open = await openShiftsOf(
    db,
    members.map((m) => m.id),
  );
  return members.map((m) => {
    const shift = open.get(m.id);
    return { ...m, shift: shift ? { id: shift.id, startedAt: shift.startedAt.toISOString() } : null };
  });
}
