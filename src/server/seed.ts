import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ProductType, StaffAccess, StaffRole } from '../domain/enums';
import { normalizePhone } from '../domain/phone';
import type { Db, DbOrTx } from './db/client';
import { appMeta } from './modules/app/tables';
import { centers, firstCenterDefault } from './modules/centers/tables';
import { clients } from './modules/client/tables';
import { products } from './modules/product/tables';
import { quotas } from './modules/quota/tables';
import { staff, staffCenters } from './modules/staff/tables';

/** The demo accounts (README: the first run prints them); their codes arrive in the outbox like anyone's. */
export const demoAccounts = [
  {
    label: 'CEO',
    phone: '08010000001',
    firstname: 'Ada',
    lastname: 'Okafor',
    staff: { role: StaffRole.CEO, access: [StaffAccess.CEO] },
  },
  { label: 'Client', phone: '08010000002', firstname: 'Bola', lastname: 'Adeyemi', staff: null },
  {
    label: 'Sales associate',
    phone: '08010000003',
    firstname: 'Chidi',
    lastname: 'Eze',
    staff: { role: StaffRole.SalesAssociate, access: [StaffAccess.Staff] },
  },
  // A rider for home deliveries (the dispatch board assigns only a Delivery Person).
  {
    label: 'Rider',
    phone: '08010000004',
    firstname: 'Musa',
    lastname: 'Ibrahim',
    staff: { role: StaffRole.DeliveryPerson, access: [StaffAccess.Staff] },
  },
] as const;

const naira = (n: number) => Math.round(n * 100);

/** A catalogue at typical Lagos prices; gas is sold per kg, cylinders by size. */
export const demoCatalogue = [
  {
    type: ProductType.Gas,
    name: 'Cooking gas (LPG) refill',
    description: 'Refill per kg, any cylinder size',
    price: naira(1250),
  },
  ...[
    [3, 18000],
    [5, 26000],
    [6, 29000],
    [12.5, 48000],
    [25, 88000],
    [50, 160000],
  ].map(([size, price]) => ({
    type: ProductType.Cylinder,
    name: `${size} kg gas cylinder`,
    description: `Empty ${size} kg steel cylinder with valve`,
    price: naira(price as number),
    sizeKg: size as number,
  })),
  {
    type: ProductType.Burner,
    name: 'Single burner (cylinder top)',
    description: 'Screws onto a 3 kg or 5 kg cylinder',
    price: naira(8500),
  },
  {
    type: ProductType.Burner,
    name: 'Regulator and hose set',
    description: 'Low-pressure regulator with 1.5 m hose',
    price: naira(12000),
  },
  {
    type: ProductType.GasStove,
    name: 'Table-top gas cooker, 2 burners',
    description: 'Stainless steel, auto ignition',
    price: naira(38000),
  },
  {
    type: ProductType.GasStove,
    name: 'Standing gas cooker, 4 burners with oven',
    description: '60 × 60 cm, oven and grill',
    price: naira(265000),
  },
];

/**
 * Starting quotas of the demo catalogue by product name: stock on hand (kg of gas, items) and a
 * daily cap on gas, so the shop shows what is left and orders respect it from the first start.
 */
export const demoQuotas: Record<string, { stock: number | null; dailyLimit: number | null }> = {
  // Generous on purpose, and none on gas: load tests place many gas orders on the demo data.
  '3 kg gas cylinder': { stock: 500, dailyLimit: null },
  '5 kg gas cylinder': { stock: 500, dailyLimit: null },
  '6 kg gas cylinder': { stock: 500, dailyLimit: null },
  '12.5 kg gas cylinder': { stock: 400, dailyLimit: null },
  '25 kg gas cylinder': { stock: 150, dailyLimit: null },
  '50 kg gas cylinder': { stock: 60, dailyLimit: null },
  'Table-top gas cooker, 2 burners': { stock: 200, dailyLimit: null },
  'Standing gas cooker, 4 burners with oven': { stock: 50, dailyLimit: null },
};

/**
 * The demo's second center's stock, unlike the first's so the screens show which center they are
 * at: less of everything, and no 50 kg cylinders (counted, at 0).
 */
export const demoLekkiStock: Record<string, number> = {
  '3 kg gas cylinder': 120,
  '5 kg gas cylinder': 150,
  '6 kg gas cylinder': 80,
  '12.5 kg gas cylinder': 90,
  '25 kg gas cylinder': 20,
  '50 kg gas cylinder': 0,
  'Table-top gas cooker, 2 burners': 40,
  'Standing gas cooker, 4 burners with oven': 6,
};

/**
 * The demo's second gas center (the first is every installation's own, from its migration). The
 * demo staff all work at the first center, so the screens that do not choose a center yet (a
 * shift started without one goes to the member's only center) work as they did; a member is
 * placed at this one through the staff form.
 */
export const demoCenters = [
  {
    name: 'Arrive Lekki',
    address: 'Admiralty Way, Lekki Phase 1, Lagos',
    lat: 6.4478,
    lng: 3.4723,
    openingHours: 'Mon–Sat 7:00–19:00',
  },
] as const;

/** Claims a seeding step: true the first time, false ever after (a marker row). */
async function firstTime(tx: DbOrTx, key: string): Promise<boolean> {
  const inserted = await tx
    .insert(appMeta)
    .values({ key, value: { at: new Date().toISOString() } })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  return inserted.length > 0;
}

/**
 * Seeds the demo accounts and catalogue once, and the demo's second center once (also on an
 * installation seeded before there were centers); marker rows make a second run a no-op. Answers
 * whether the accounts and catalogue were seeded now.
 */
export async function seedDemo(db: Db, log?: FastifyBaseLogger): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await firstTime(tx, 'demo_centers_seeded')) {
      await tx
        .insert(centers)
        .values(demoCenters.map((c) => ({ ...c })))
        .onConflictDoNothing();
      log?.info('seeded the demo gas centers');
    }
    const seeded = await seedAccountsAndCatalogue(tx, log);
    if (await firstTime(tx, 'demo_center_stock_seeded')) await seedLekkiStock(tx);
    return seeded;
  });
}

/** The second demo center's own stock, by product name (see demoLekkiStock). */
async function seedLekkiStock(tx: DbOrTx): Promise<void> {
  const [lekki] = await tx.select({ id: centers.id }).from(centers).where(eq(centers.name, demoCenters[0].name));
  if (!lekki) return;
  const catalogue = await tx.select({ id: products.id, name: products.name }).from(products);
  const rows = catalogue.flatMap((p) => {
    const stock = demoLekkiStock[p.name];
    return stock === undefined ? [] : [{ productId: p.id, centerId: lekki.id, stock, note: 'Demo starting stock' }];
  });
  if (rows.length === 0) return;
  await tx
    .insert(quotas)
    .values(rows)
    .onConflictDoUpdate({
      target: [quotas.productId, quotas.centerId],
      set: { stock: sql`excluded.stock`, note: sql`excluded.note` },
    });
}

/** The demo accounts and catalogue, once (with the first center's stock). */
async function seedAccountsAndCatalogue(tx: DbOrTx, log?: FastifyBaseLogger): Promise<boolean> {
  if (!(await firstTime(tx, 'demo_seeded'))) return false;
  for (const account of demoAccounts) {
    const phone = normalizePhone(account.phone);
    const [client] = await tx
      .insert(clients)
      .values({
        phoneLocal: phone.local,
        phoneInternational: phone.international,
        firstname: account.firstname,
        lastname: account.lastname,
        isVerified: true,
      })
      .onConflictDoNothing()
      .returning({ id: clients.id });
    const clientId =
      client?.id ??
      (await tx.select({ id: clients.id }).from(clients).where(eq(clients.phoneLocal, phone.local)))[0]?.id;
    if (clientId && account.staff) {
      const [member] = await tx
        .insert(staff)
        .values({ clientId, role: account.staff.role, access: [...account.staff.access] })
        .onConflictDoNothing()
        .returning({ id: staff.id });
      if (member) {
        await tx
          .insert(staffCenters)
          .values({ staffId: member.id, centerId: firstCenterDefault })
          .onConflictDoNothing();
      }
    }
  }
  const catalogue = await tx.insert(products).values(demoCatalogue).returning({ id: products.id, name: products.name });
  const quotaRows = catalogue.flatMap((p) => {
    const q = demoQuotas[p.name];
    return q ? [{ productId: p.id, ...q, note: 'Demo starting stock' }] : [];
  });
  if (quotaRows.length > 0) await tx.insert(quotas).values(quotaRows);
  log?.info('seeded the demo accounts and catalogue');
  return true;
}
