import { AppError, ErrorType } from '../../../domain/errors';
import { lagosDateKey } from '../../../domain/format';
import { normalizePhone } from '../../../domain/phone';
import type { HomeVisit, HomeVisitInput } from '../../../domain/schemas/delivery';
import type { DbOrTx } from '../../db/client';
import { homeVisits } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Visits are booked at most this far ahead. */
const MAX_VISIT_DAYS_AHEAD = 60;

/** A client asks for a visit (installation, cylinder safety check, consultation) on a day from today on. */
export async function bookHomeVisit(db: DbOrTx, clientId: string, input: HomeVisitInput): Promise<HomeVisit> {
  const today = lagosDateKey(new Date());
  const latest = lagosDateKey(new Date(Date.now() + MAX_VISIT_DAYS_AHEAD * DAY_MS));
  const { preferredDate } = input;
  if (preferredDate < today || preferredDate > latest) {
    throw new AppError(`Choose a day from today to ${MAX_VISIT_DAYS_AHEAD} days ahead`, {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo: { field: 'preferredDate' },
    });
  }
  const [row] = await db
    .insert(homeVisits)
    .values({
      clientId,
      purpose: input.purpose,
      preferredDate,
      timeSlot: input.timeSlot,
      address: input.address,
      contactPhone: normalizePhone(input.contactPhone).local,
      note: input.note ?? null,
    })
    .returning();
  if (!row) throw new Error('visit insert returned nothing');
  return {
    id: row.id,
    purpose: row.purpose,
    preferredDate: row.preferredDate,
    timeSlot: row.timeSlot,
    address: row.address,
    contactPhone: row.contactPhone,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
