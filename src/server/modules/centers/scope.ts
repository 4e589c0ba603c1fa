import { isPrivileged } from '../../../domain/access';
import { AppError, ErrorType } from '../../../domain/errors';
import type { ReportCenter, ReportCenterParam } from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import type { StaffContext } from '../../plugins/session';
import { chosenCenter, findCenter, knownCenters } from './service';

/**
 * What a staff read covers (a report, the orders, the shifts, the supplies): one center
 * (`centerId`), or the company (`centerId` null), and the centers shown beside it, by name.
 */
export type CenterScope = {
  centerId: string | null;
  center: ReportCenter;
  centers: { id: string; name: string }[];
};

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The center a staff read is for. CEO and Manager see every center: the one asked for, else the
 * company. Everyone else sees the center of the shift they are working: another center, or the
 * company, is refused (403), so a screen never shows a counter what another counter did.
 */
export async function centerScopeOf(
  db: DbOrTx,
  member: Pick<StaffContext, 'access' | 'shiftCenterId'>,
  asked: ReportCenterParam | undefined,
): Promise<CenterScope> {
  if (isPrivileged(member.access)) {
    if (asked === undefined || asked === 'all') {
      const all = (await knownCenters(db)).map((c) => ({ id: c.id, name: c.name })).sort(byName);
      return { centerId: null, center: null, centers: all };
    }
    const center = await chosenCenter(db, asked, { field: 'center' });
    const only = { id: center.id, name: center.name };
    return { centerId: center.id, center: only, centers: [only] };
  }
  const own = member.shiftCenterId;
  if (!own) {
    throw new AppError('Start a shift first', {
      status: 403,
      type: ErrorType.Forbidden,
      additionalInfo: { reason: 'NoActiveShift' },
    });
  }
  if (asked !== undefined && asked !== own) {
    throw new AppError('You can see the figures of the gas center of your shift only.', {
      status: 403,
      type: ErrorType.Forbidden,
      additionalInfo: { reason: 'NotYourCenter', field: 'center' },
    });
  }
  const center = await findCenter(db, own);
  const only = { id: own, name: center?.name ?? '' };
  return { centerId: own, center: only, centers: [only] };
}
