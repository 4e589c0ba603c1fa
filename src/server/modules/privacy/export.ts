import type { ClientDataExport } from '../../../domain/schemas/privacy';
import type { DbOrTx } from '../../db/client';
import { sessionRecords } from '../auth';
import { clientProfileRecord } from '../client';
import { cylinderRecords } from '../cylinder';
import { deliveryRecords, homeVisitRecords } from '../delivery';
import { notificationPreferencesRecord, notificationRecords, pushSubscriptionRecords } from '../notification';
import { orderRecords } from '../order';
import { paymentRecords, savedCardRecord } from '../payment';
import { pickupRecords } from '../pickup';
import { findStaffByClientId } from '../staff';
import { walletRecords } from '../wallet';

const ABOUT =
  'Everything Arrive holds about you, as of exportedAt: your profile, sign-ins, consents, the addresses you gave, ' +
  'your orders with their lines and timeline, your payments, your wallet with its full ledger, your cylinders, ' +
  'deliveries, home visits, counter hand-overs, and the messages and devices for notifications. Amounts are in kobo ' +
  '(100 kobo = 1 naira); times are UTC. Left out on purpose: code and token hashes and card charge authorizations ' +
  "(they would let someone act as you), and the rider's own positions.";

/** Dates become ISO strings and nothing else changes: what a JSON file holds. */
const plain = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));
const record = (value: unknown) => plain(value) as Record<string, unknown>;
const records = (value: unknown[]) => plain(value) as Record<string, unknown>[];

/** Reads everything tied to the client from every area, as one document. */
export async function exportClientData(
  db: DbOrTx,
  clientId: string,
  now = new Date(),
): Promise<ClientDataExport | null> {
  const profile = await clientProfileRecord(db, clientId);
  if (!profile || profile.deletedAt) return null;
  const [staff, sessions, preferences, orders, payments, savedCard, wallet, cylinders, deliveries, visits, pickups] =
    await Promise.all([
      findStaffByClientId(db, clientId),
      sessionRecords(db, clientId),
      notificationPreferencesRecord(db, clientId),
      orderRecords(db, clientId),
      paymentRecords(db, clientId),
      savedCardRecord(db, clientId),
      walletRecords(db, clientId),
      cylinderRecords(db, clientId),
      deliveryRecords(db, clientId),
      homeVisitRecords(db, clientId),
      pickupRecords(db, clientId),
    ]);
  const [notifications, pushSubscriptions] = await Promise.all([
    notificationRecords(db, clientId),
    pushSubscriptionRecords(db, clientId),
  ]);
  // Every address the client gave, once each, newest first: home deliveries and visit requests.
  const seen = new Set<string>();
  const deliveryAddresses = [
    ...orders.flatMap((o) =>
      o.deliveryAddress ? [{ address: o.deliveryAddress, usedAt: o.createdAt, for: 'order' }] : [],
    ),
    ...visits.map((v) => ({ address: v.address, usedAt: v.createdAt, for: 'home visit' })),
  ]
    .sort((a, b) => b.usedAt.getTime() - a.usedAt.getTime())
    .filter((a) => {
      const key = JSON.stringify(a.address);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });

  return {
    exportedAt: now.toISOString(),
    about: ABOUT,
    profile: record(profile),
    staff: staff ? record({ role: staff.role, access: staff.access, isCurrentStaff: staff.isCurrentStaff }) : null,
    sessions: records(sessions),
    consents: {
      walletAccountConsentGivenAt: wallet ? wallet.wallet.consentGivenAt.toISOString() : null,
      notificationPreferences: preferences ? record(preferences) : null,
    },
    deliveryAddresses: records(deliveryAddresses),
    orders: records(orders),
    payments: records(payments),
    savedCard: savedCard ? record(savedCard) : null,
    wallet: wallet ? record(wallet.wallet) : null,
    walletLedger: records(wallet?.ledger ?? []),
    walletFundings: records(wallet?.fundings ?? []),
    cylinders: records(cylinders),
    deliveries: records(deliveries),
    homeVisits: records(visits),
    pickups: records(pickups),
    notifications: records(notifications),
    pushSubscriptions: records(pushSubscriptions),
  };
}
