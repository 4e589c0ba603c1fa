// When the tablet took a sale's payment (`soldAt`), fixed once per sale. The sale's request is
// the same every time it goes (a tap again after no answer, a reload, the queue's replay), so the
// server answers its first result again instead of refusing a key reused for another request;
// and a sale that reaches the server late is priced at the moment the customer paid.
import { readDraft, writeDraft } from '../../../lib/use-draft';

const DRAFT = 'sale.sold-at';

type SaleMoment = { key: string; soldAt: string };
const isSaleMoment = (v: unknown): v is SaleMoment =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SaleMoment).key === 'string' &&
  typeof (v as SaleMoment).soldAt === 'string';

/** The moment of the sale sent under this Idempotency-Key: the first time it is asked, now. */
export function saleMoment(key: string, now: () => Date = () => new Date()): string {
  const known = readDraft(DRAFT, isSaleMoment);
  if (known?.key === key) return known.soldAt;
  const fresh = { key, soldAt: now().toISOString() };
  writeDraft(DRAFT, fresh);
  return fresh.soldAt;
}

const VERSION_DRAFT = 'sale.price-version';

type SaleVersion = { key: string; priceVersion: number | null };
const isSaleVersion = (v: unknown): v is SaleVersion =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SaleVersion).key === 'string' &&
  (typeof (v as SaleVersion).priceVersion === 'number' || (v as SaleVersion).priceVersion === null);

/**
 * The catalogue version the sale under this key was priced with: the tablet's when the key was
 * first sent, kept for that key. The catalogue is read again every minute; a sale sent again after
 * no answer is still the same request (the server would refuse a key reused with another body).
 */
export function salePriceVersion(key: string, current: number | undefined): number | undefined {
  const known = readDraft(VERSION_DRAFT, isSaleVersion);
  if (known?.key === key) return known.priceVersion ?? undefined;
  writeDraft(VERSION_DRAFT, { key, priceVersion: current ?? null });
  return current;
}
