import { z } from 'zod';
import { ACCOUNT_DELETION_PHRASE } from '../constants';

/** A stored record as exported: its columns by name, dates as ISO strings. */
const recordSchema = z.record(z.string(), z.unknown());
const recordsSchema = z.array(recordSchema);

/**
 * Everything the service holds about one client (GET /api/client/me/export), as one JSON file.
 * Secrets that would let someone act as the client (code and token hashes, the card's charge
 * authorization, push keys) are left out; a rider's positions are the rider's, not the client's.
 */
export const clientDataExportSchema = z.object({
  exportedAt: z.string(),
  /** What the file is and what each part holds, for the person reading it. */
  about: z.string(),
  profile: recordSchema,
  staff: recordSchema.nullable(),
  sessions: recordsSchema,
  consents: z.object({
    /** When the wallet form's consent box was ticked (null: no wallet). */
    walletAccountConsentGivenAt: z.string().nullable(),
    /** The notification switches (null: never changed, so the defaults). */
    notificationPreferences: recordSchema.nullable(),
  }),
  deliveryAddresses: recordsSchema,
  orders: recordsSchema,
  payments: recordsSchema,
  savedCard: recordSchema.nullable(),
  wallet: recordSchema.nullable(),
  walletLedger: recordsSchema,
  walletFundings: recordsSchema,
  cylinders: recordsSchema,
  deliveries: recordsSchema,
  homeVisits: recordsSchema,
  pickups: recordsSchema,
  notifications: recordsSchema,
  pushSubscriptions: recordsSchema,
});
export type ClientDataExport = z.infer<typeof clientDataExportSchema>;

/** POST /api/client/me/delete: the client types the phrase to say they mean it. */
export const accountDeletionBodySchema = z.object({
  confirmation: z.string().trim().max(40),
});
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>;

export const accountDeletionResultSchema = z.object({
  deleted: z.literal(true),
  deletedAt: z.string(),
});
export type AccountDeletionResult = z.infer<typeof accountDeletionResultSchema>;

export { ACCOUNT_DELETION_PHRASE };

/** What stands in for an erased address: it still reads as an address (staff screens show it), and says nothing. */
export const ERASED_ADDRESS = { line1: 'Erased', city: 'Erased', state: 'Erased' } as const;
