import { AppError, ErrorType } from '../../../domain/errors';
import type { StaffSalesDetail } from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import type { LagosRange } from '../../lib/lagos-range';
import { displayName } from '../client';
import { listStaff } from '../staff';
import { attributedSales, summarise } from './service';

/** One staff member's sales in a range, by payment type and by day. */
export async function staffSalesDetail(db: DbOrTx, staffId: string, range: LagosRange): Promise<StaffSalesDetail> {
  const [member] = await listStaff(db, { id: staffId });
  if (!member) throw new AppError('Staff member not found', { status: 404, type: ErrorType.NotFound });
  const sales = await attributedSales(db, { staffId, paidIn: range });
  return { ...summarise(range, sales), staffId, name: displayName(member) };
}
