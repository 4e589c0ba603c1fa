// Reports per gas center and for the company: sales by day and by staff member, and the cash
// drawers. CEO and Manager see every center (the company by default, each center beside it);
// anyone else sees the center of their shift, and is refused another. The company's figures are
// the sum of the centers'. Each report also comes as a CSV file. Runs on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentType, StaffAccess, StaffRole } from '../../src/domain/enums';
import type { Center } from '../../src/domain/schemas/center';
import type { SalesTotals, StaffSalesList } from '../../src/domain/schemas/sales';
import type { Shift } from '../../src/domain/schemas/shift';
import { clients } from '../../src/server/modules/client/tables';
import { orders } from '../../src/server/modules/order/tables';
import { shiftCashMovements, shifts } from '../../src/server/modules/shift/tables';
import { staffCenters } from '../../src/server/modules/staff/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { paidOrder, putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';

// A past day of their own, so the demo data and the other suites' sales are not in the figures.
const DAY = '2025-03-10';
const NEXT_DAY = '2025-03-11';
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+01:00`);
const RANGE = `fromDate=${DAY}&toDate=${NEXT_DAY}`;

let app: FastifyInstance;
let ceo: StaffActor;
let manager: StaffActor;
let accountant: StaffActor;
let associate: StaffActor;
let lekkiCashier: StaffActor;
let client: Session;
let first: Center;
let lekki: Center;

const get = (who: Session, url: string, headers: Record<string, string> = {}) =>
  injectAs(app, who, { method: 'GET', url, headers });

async function sale(
  center: Center,
  total: number,
  paymentType: PaymentType,
  paidAt: Date,
  takenBy?: StaffActor,
): Promise<void> {
  const order = await paidOrder(app, {
    clientId: client.clientId,
    total,
    paymentType,
    paidAt,
    ...(takenBy ? { takenByClientId: takenBy.session.clientId } : {}),
  });
  await app.db.update(orders).set({ centerId: center.id }).where(eq(orders.id, order.id));
}

/** An ended shift of that day at a center, with a cash sale in its drawer and the count. */
async function endedShift(who: StaffActor, center: Center, day: string, cash: { sale: number; counted: number }) {
  const [row] = await app.db
    .insert(shifts)
    .values({
      staffId: who.staffId,
      centerId: center.id,
      openingFloat: 100_000,
      startedAt: at(day, 8),
      endedAt: at(day, 17),
      expectedCash: 100_000 + cash.sale,
      closingCash: cash.counted,
    })
    .returning();
  if (!row) throw new Error('shift not stored');
  if (cash.sale > 0)
    await app.db.insert(shiftCashMovements).values({ shiftId: row.id, kind: 'sale', amount: cash.sale });
}

beforeAll(async () => {
  app = await buildTestApp();
  const list: Center[] = (await injectAs(app, null, { method: 'GET', url: '/api/centers' })).json().centers;
  const named = (name: string) => {
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no center named ${name}`);
    return found;
  };
  first = named('Arrive Gas Center');
  lekki = named('Arrive Lekki');
  ceo = await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]);
  manager = await staffActor(app, '08030000011', StaffRole.Manager, [StaffAccess.Manager]);
  accountant = await staffActor(app, '08030000012', StaffRole.AccountantAndHR, [StaffAccess.Accountant]);
  associate = await staffActor(app, '08030000013', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  // A name a spreadsheet would trip on: a comma, quotes, and a formula's first sign.
  lekkiCashier = await staffActor(app, '08030000014', StaffRole.Cashier, [StaffAccess.Staff]);
  await app.db
    .update(clients)
    .set({ firstname: '=Bola, "Cash"', lastname: 'Ade' })
    .where(eq(clients.id, lekkiCashier.session.clientId));
  await app.db.insert(staffCenters).values({ staffId: lekkiCashier.staffId, centerId: lekki.id });
  client = await signInAs(app, '08010000002');
  // Everyone works today's shift at the first center (where they work); the Lekki cashier at Lekki.
  for (const a of [ceo, manager, accountant, associate]) await putOnShift(app, a.staffId);
  await app.db.insert(shifts).values({ staffId: lekkiCashier.staffId, centerId: lekki.id });

  await sale(first, 300_000, 'Cash', at(DAY, 9), associate);
  await sale(first, 200_000, 'Electronic', at(DAY, 10));
  await sale(first, 150_000, 'Wallet', at(NEXT_DAY, 11), associate);
  await sale(lekki, 400_000, 'Cash', at(DAY, 12), lekkiCashier);
  await sale(lekki, 125_050, 'Electronic', at(NEXT_DAY, 13), lekkiCashier);
  await sale(lekki, 75_000, 'Wallet', at(NEXT_DAY, 14));

  await endedShift(associate, first, DAY, { sale: 300_000, counted: 400_000 });
  await endedShift(lekkiCashier, lekki, DAY, { sale: 400_000, counted: 490_000 });
  await endedShift(lekkiCashier, lekki, NEXT_DAY, { sale: 0, counted: 100_000 });
});
afterAll(async () => {
  await app?.close();
});

const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

describe('sales per gas center and for the company', () => {
  it('shows the CEO the company by default, each center beside it, adding up', async () => {
    const res = await get(ceo.session, `/api/sales?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SalesTotals;
    expect(body.center).toBeNull();
    expect(body.total).toBe(1_250_050);
    expect(body.orders).toBe(6);
    expect(body.byCenter?.map((c) => [c.centerName, c.total, c.orders])).toEqual([
      ['Arrive Gas Center', 650_000, 3],
      ['Arrive Lekki', 600_050, 3],
    ]);
    const centers = body.byCenter ?? [];
    // The company total is the sum of the centers, by payment type and by day as well.
    expect(sum(centers.map((c) => c.total))).toBe(body.total);
    expect(sum(centers.map((c) => c.orders))).toBe(body.orders);
    for (const type of ['Cash', 'Electronic', 'Wallet'] as const) {
      expect(sum(centers.map((c) => c.byPaymentType[type]))).toBe(body.byPaymentType[type]);
    }
    body.byDay.forEach((day, i) => {
      expect(sum(centers.map((c) => c.byDay[i]?.total ?? 0))).toBe(day.total);
    });
    // "all" asks for the same.
    const all = (await get(ceo.session, `/api/sales?${RANGE}&center=all`)).json();
    expect(all).toEqual(body);
  });

  it('shows a Manager one center when asked, the same figures as its share of the company', async () => {
    const company = (await get(manager.session, `/api/sales?${RANGE}`)).json() as SalesTotals;
    const res = await get(manager.session, `/api/sales?${RANGE}&center=${lekki.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SalesTotals;
    expect(body.center).toEqual({ id: lekki.id, name: 'Arrive Lekki' });
    expect(body.total).toBe(600_050);
    expect(body.byPaymentType).toEqual({ Cash: 400_000, Electronic: 125_050, Wallet: 75_000 });
    const share = company.byCenter?.find((c) => c.centerId === lekki.id);
    expect(share).toMatchObject({ total: body.total, byPaymentType: body.byPaymentType, byDay: body.byDay });
    expect(body.byCenter?.map((c) => c.centerId)).toEqual([lekki.id]);
    const unknown = await get(manager.session, `/api/sales?${RANGE}&center=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ type: 'InvalidInput', additionalInfo: { field: 'center' } });
  });

  it('shows anyone else the center of their shift, and refuses another center or the company', async () => {
    const own = await get(accountant.session, `/api/sales?${RANGE}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ center: { id: first.id, name: 'Arrive Gas Center' }, total: 650_000 });
    expect((await get(accountant.session, `/api/sales?${RANGE}&center=${first.id}`)).json().total).toBe(650_000);
    for (const center of [lekki.id, 'all']) {
      const refused = await get(accountant.session, `/api/sales?${RANGE}&center=${center}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        type: 'Forbidden',
        message: 'You can see the figures of the gas center of your shift only.',
        additionalInfo: { reason: 'NotYourCenter' },
      });
    }
    // The drawers and the staff's sales alike.
    for (const url of [`/api/admin/shift?${RANGE}&center=${lekki.id}`, `/api/admin/sales/staff?center=all`]) {
      const refused = await get(accountant.session, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().additionalInfo).toMatchObject({ reason: 'NotYourCenter' });
    }
    // An associate sees no company figures, and no other center's either.
    const associateAsks = await get(associate.session, `/api/sales?${RANGE}&center=${lekki.id}`);
    expect(associateAsks.statusCode).toBe(403);
    expect(associateAsks.json().type).toBe('Forbidden');
  });

  it('lists sales per staff member per center, each center adding up to the company', async () => {
    const company = (await get(ceo.session, `/api/admin/sales/staff?${RANGE}`)).json() as StaffSalesList;
    expect(company.center).toBeNull();
    const atLekki = (
      await get(ceo.session, `/api/admin/sales/staff?${RANGE}&center=${lekki.id}`)
    ).json() as StaffSalesList;
    const atFirst = (
      await get(ceo.session, `/api/admin/sales/staff?${RANGE}&center=${first.id}`)
    ).json() as StaffSalesList;
    const totalOf = (list: StaffSalesList, staffId: string) => list.staff.find((s) => s.staffId === staffId)?.total;
    expect(totalOf(atLekki, lekkiCashier.staffId)).toBe(525_050);
    expect(totalOf(atFirst, lekkiCashier.staffId)).toBeUndefined();
    expect(totalOf(atFirst, associate.staffId)).toBe(450_000);
    expect(totalOf(atLekki, associate.staffId)).toBeUndefined();
    const staffTotal = (list: StaffSalesList) => sum(list.staff.map((s) => s.total));
    expect(staffTotal(atLekki) + staffTotal(atFirst)).toBe(staffTotal(company));
  });
});

describe('the cash drawers per gas center', () => {
  it('filters by center, the company being every center', async () => {
    const range = `fromDate=${DAY}&toDate=${NEXT_DAY}`;
    const company = (await get(ceo.session, `/api/admin/shift?${range}`)).json() as Shift[];
    const atLekki = (await get(ceo.session, `/api/admin/shift?${range}&center=${lekki.id}`)).json() as Shift[];
    const atFirst = (await get(ceo.session, `/api/admin/shift?${range}&center=${first.id}`)).json() as Shift[];
    expect(atLekki.map((s) => s.centerName)).toEqual(['Arrive Lekki', 'Arrive Lekki']);
    expect(atFirst.map((s) => s.centerName)).toEqual(['Arrive Gas Center']);
    expect(company).toHaveLength(3);
    const of = (list: Shift[], pick: (s: Shift) => number) => sum(list.map(pick));
    for (const pick of [(s: Shift) => s.expectedCash, (s: Shift) => s.variance ?? 0, (s: Shift) => s.cashSales]) {
      expect(of(atLekki, pick) + of(atFirst, pick)).toBe(of(company, pick));
    }
    expect(of(atLekki, (s) => s.variance ?? 0)).toBe(-10_000);
    // The accountant on a shift at the first center sees its drawers.
    const own = (await get(accountant.session, `/api/admin/shift?${range}`)).json() as Shift[];
    expect(own.map((s) => s.id)).toEqual(atFirst.map((s) => s.id));
  });
});

/** A CSV file's lines, each split into cells (this file's cells hold no line breaks). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      let i = 0;
      while (i <= line.length) {
        if (line[i] === '"') {
          let cell = '';
          i++;
          while (i < line.length) {
            if (line[i] === '"' && line[i + 1] === '"') {
              cell += '"';
              i += 2;
            } else if (line[i] === '"') {
              i++;
              break;
            } else cell += line[i++];
          }
          cells.push(cell);
          i++;
        } else {
          const end = line.indexOf(',', i);
          cells.push(line.slice(i, end === -1 ? line.length : end));
          i = end === -1 ? line.length + 1 : end + 1;
        }
      }
      return cells;
    });
}

describe('the reports as CSV files', () => {
  it('answers sales by day per center then for all centers, naira as decimals, named by center and days', async () => {
    const res = await get(ceo.session, `/api/sales?${RANGE}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales-by-day-all-centers-${DAY}-to-${NEXT_DAY}.csv"`,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Gas center',
      'Date',
      'Orders',
      'Cash (NGN)',
      'Card and transfer (NGN)',
      'Wallet (NGN)',
      'Total (NGN)',
    ]);
    expect(rows).toEqual([
      ['Arrive Gas Center', '10/03/2025', '2', '3000.00', '2000.00', '0.00', '5000.00'],
      ['Arrive Gas Center', '11/03/2025', '1', '0.00', '0.00', '1500.00', '1500.00'],
      ['Arrive Lekki', '10/03/2025', '1', '4000.00', '0.00', '0.00', '4000.00'],
      ['Arrive Lekki', '11/03/2025', '2', '0.00', '1250.50', '750.00', '2000.50'],
      ['All centers', '10/03/2025', '3', '7000.00', '2000.00', '0.00', '9000.00'],
      ['All centers', '11/03/2025', '3', '0.00', '1250.50', '2250.00', '3500.50'],
    ]);
  });

  it('answers the same file to Accept: text/csv, one center named in the file', async () => {
    const res = await get(manager.session, `/api/sales?${RANGE}&center=${lekki.id}`, { accept: 'text/csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales-by-day-arrive-lekki-${DAY}-to-${NEXT_DAY}.csv"`,
    );
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => r[0])).toEqual(['Arrive Lekki', 'Arrive Lekki']);
    // JSON stays the default for a browser's usual Accept.
    const json = await get(manager.session, `/api/sales?${RANGE}`, { accept: 'application/json, text/plain, */*' });
    expect(json.headers['content-type']).toContain('application/json');
  });

  it('quotes a name with a comma or quotes, and never lets a cell run as a formula', async () => {
    const res = await get(ceo.session, `/api/admin/sales/staff?${RANGE}&center=${lekki.id}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales-by-staff-arrive-lekki-${DAY}-to-${NEXT_DAY}.csv"`,
    );
    expect(res.body).toContain(`Arrive Lekki,"'=Bola, ""Cash"" Ade",2,4000.00,1250.50,0.00,5250.50\r\n`);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Gas center',
      'Staff',
      'Orders',
      'Cash (NGN)',
      'Card and transfer (NGN)',
      'Wallet (NGN)',
      'Total (NGN)',
    ]);
    // What no staff member took has its own line, so the center's lines add up to its sales.
    expect(rows.at(-1)).toEqual([
      'Arrive Lekki',
      'Paid in the app, not handed over by staff yet',
      '1',
      '0.00',
      '0.00',
      '750.00',
      '750.00',
    ]);
    const total = sum(rows.map((r) => Math.round(Number(r[6]) * 100)));
    expect(total).toBe(600_050);
  });

  it('lists the staff per center then for all centers, the company lines adding up to the centers', async () => {
    const rows = parseCsv((await get(ceo.session, `/api/admin/sales/staff?${RANGE}&format=csv`)).body).slice(1);
    const kobo = (center: string) =>
      sum(rows.filter((r) => r[0] === center).map((r) => Math.round(Number(r[6]) * 100)));
    expect(kobo('All centers')).toBe(1_250_050);
    expect(kobo('Arrive Gas Center') + kobo('Arrive Lekki')).toBe(kobo('All centers'));
  });

  it('answers the drawers one line per shift, or added up by day, staff or center', async () => {
    const perShift = await get(ceo.session, `/api/admin/shift?${RANGE}&format=csv`);
    expect(perShift.headers['content-disposition']).toBe(
      `attachment; filename="cash-drawers-by-shift-all-centers-${DAY}-to-${NEXT_DAY}.csv"`,
    );
    const [header, ...shiftRows] = parseCsv(perShift.body);
    expect(header).toEqual([
      'Gas center',
      'Date',
      'Staff',
      'Started (Lagos time)',
      'Ended (Lagos time)',
      'Opening float (NGN)',
      'Cash sales (NGN)',
      'Cash refunds (NGN)',
      'Expected cash (NGN)',
      'Counted cash (NGN)',
      'Variance (NGN)',
    ]);
    expect(shiftRows).toContainEqual([
      'Arrive Lekki',
      '10/03/2025',
      '\'=Bola, "Cash" Ade',
      '10/03/2025 08:00',
      '10/03/2025 17:00',
      '1000.00',
      '4000.00',
      '0.00',
      '5000.00',
      '4900.00',
      // A shortfall stays a number a spreadsheet sums, not neutralised as a formula.
      '-100.00',
    ]);

    const byCenter = parseCsv((await get(ceo.session, `/api/admin/shift?${RANGE}&format=csv&by=center`)).body);
    expect(byCenter.map((r) => [r[0], r[1], r.at(-1)])).toEqual([
      ['Gas center', 'Shifts', 'Variance (NGN)'],
      ['Arrive Gas Center', '1', '0.00'],
      ['Arrive Lekki', '2', '-100.00'],
      ['All centers', '3', '-100.00'],
    ]);

    const byDay = parseCsv((await get(ceo.session, `/api/admin/shift?${RANGE}&format=csv&by=day`)).body);
    expect(byDay[0]?.slice(0, 3)).toEqual(['Gas center', 'Date', 'Shifts']);
    expect(byDay.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['Arrive Gas Center', '10/03/2025', '1'],
      ['Arrive Lekki', '11/03/2025', '1'],
      ['Arrive Lekki', '10/03/2025', '1'],
      ['All centers', '11/03/2025', '1'],
      ['All centers', '10/03/2025', '2'],
    ]);

    const byStaff = await get(accountant.session, `/api/admin/shift?${RANGE}&format=csv&by=staff`);
    expect(byStaff.headers['content-disposition']).toBe(
      `attachment; filename="cash-drawers-by-staff-arrive-gas-center-${DAY}-to-${NEXT_DAY}.csv"`,
    );
    const staffRows = parseCsv(byStaff.body).slice(1);
    expect(staffRows.every((r) => r[0] === 'Arrive Gas Center')).toBe(true);
  });
});
