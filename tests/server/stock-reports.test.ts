// The stock and transfer reports per gas center and for the company. Stock: what each center has
// on hand of each product it counts and what is on its way between centers, the company's total
// the sum of the centers' (and, stock moving only between centers, what they had before). Transfers:
// what each center sent, received and cancelled per Lagos day. CEO and Manager see every center;
// anyone else the center of their shift, and is refused another. Each comes as a CSV file too.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import { lagosDateKey } from '../../src/domain/format';
import type { Center } from '../../src/domain/schemas/center';
import type { StockReport, TransferReport } from '../../src/domain/schemas/stock-report';
import type { StockTransfer } from '../../src/domain/schemas/stock-transfer';
import { quotas, stockTransfers } from '../../src/server/modules/quota/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { buildTestApp, injectAs, type Session } from '../../src/server/test-utils/test-app';
import { type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

// Past days of their own, so the transfers made now by the set-up are placed on known days.
const DAY = '2025-03-10';
const NEXT_DAY = '2025-03-11';
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+01:00`);
const RANGE = `fromDate=${DAY}&toDate=${NEXT_DAY}`;

let app: FastifyInstance;
let ceo: StaffActor;
let manager: StaffActor;
let accountant: StaffActor;
/** A sales associate on a shift at the first center, and a cashier at Arrive Lekki. */
let associate: StaffActor;
let lekkiCashier: StaffActor;
let first: Center;
let lekki: Center;
let cat: Awaited<ReturnType<typeof catalogue>>;
/** The stock of every product at every center before any transfer (undefined: not counted). */
const before = new Map<string, number>();

const get = (who: Session, url: string, headers: Record<string, string> = {}) =>
  injectAs(app, who, { method: 'GET', url, headers });
const post = (who: Session, url: string, payload: Record<string, unknown>) =>
  injectAs(app, who, { method: 'POST', url, payload, headers: { 'idempotency-key': crypto.randomUUID() } });

async function onShiftAt(actor: StaffActor, centerId: string) {
  await app.db.insert(shifts).values({ staffId: actor.staffId, openingFloat: 0, centerId });
}

async function send(who: StaffActor, from: Center, to: Center, productId: string, quantity: number, note?: string) {
  const res = await post(who.session, '/api/centers/transfers', {
    fromCenterId: from.id,
    toCenterId: to.id,
    productId,
    quantity,
    ...(note ? { note } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as StockTransfer;
}

/** Moves a transfer's steps to known moments. */
const placeSteps = (id: string, steps: { sentAt?: Date; receivedAt?: Date; cancelledAt?: Date }) =>
  app.db.update(stockTransfers).set(steps).where(eq(stockTransfers.id, id));

beforeAll(async () => {
  app = await buildTestApp();
  cat = await catalogue(app);
  const list: Center[] = (await injectAs(app, null, { method: 'GET', url: '/api/centers' })).json().centers;
  const named = (name: string) => {
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no center named ${name}`);
    return found;
  };
  first = named('Arrive Gas Center');
  lekki = named('Arrive Lekki');
  ceo = await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]);
  manager = await staffActor(app, '08030000021', StaffRole.Manager, [StaffAccess.Manager]);
  accountant = await staffActor(app, '08030000022', StaffRole.AccountantAndHR, [StaffAccess.Accountant]);
  associate = await staffActor(app, '08030000023', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  lekkiCashier = await staffActor(app, '08030000024', StaffRole.Cashier, [StaffAccess.Staff]);
  for (const a of [ceo, manager, accountant, associate]) await onShiftAt(a, first.id);
  await onShiftAt(lekkiCashier, lekki.id);

  // Burners counted at Lekki only: the first center has no figure of them.
  const burner = await injectAs(app, ceo.session, {
    method: 'PUT',
    url: `/api/quota/${cat.burner.id}?center=${lekki.id}`,
    payload: { stock: 7 },
  });
  expect(burner.statusCode, burner.body).toBe(200);
  for (const q of await app.db.select().from(quotas)) {
    if (q.stock !== null) before.set(`${q.productId}|${q.centerId}`, q.stock);
  }

  // On the first day the first center sends Lekki 8 cylinders (still on their way), 5 (received
  // the next day) and a note a spreadsheet would run, and 3 it calls off the same day.
  const coming = await send(associate, first, lekki, cat.cylinder12.id, 8, '=SUM(A1), "urgent"');
  await placeSteps(coming.id, { sentAt: at(DAY, 9) });
  const received = await send(associate, first, lekki, cat.cylinder12.id, 5);
  expect((await post(lekkiCashier.session, `/api/centers/transfers/${received.id}/receive`, {})).statusCode).toBe(200);
  await placeSteps(received.id, { sentAt: at(DAY, 10), receivedAt: at(NEXT_DAY, 11) });
  const cancelled = await send(associate, first, lekki, cat.cylinder12.id, 3);
  expect((await post(associate.session, `/api/centers/transfers/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
  await placeSteps(cancelled.id, { sentAt: at(DAY, 12), cancelledAt: at(DAY, 13) });
  // Today, Lekki sends 2 burners to the first center, which does not count them.
  await send(lekkiCashier, lekki, first, cat.burner.id, 2);
});
afterAll(async () => {
  await app?.close();
});

const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);
const productOf = (report: StockReport, id: string) => {
  const found = report.products.find((p) => p.productId === id);
  if (!found) throw new Error(`no line for ${id}`);
  return found;
};

describe('the stock report', () => {
  it("shows the CEO every counted product at every center, the company's total the sum of the centers'", async () => {
    const res = await get(ceo.session, '/api/quota/report');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StockReport;
    expect(body.center).toBeNull();
    expect((await get(ceo.session, '/api/quota/report?center=all')).json().products).toEqual(body.products);

    const cylinders = productOf(body, cat.cylinder12.id);
    expect(cylinders.unit).toBe('item');
    expect(cylinders.byCenter).toEqual([
      // 400 − 8 − 5 − 3 sent, + 3 called off; the 8 are on their way to Lekki.
      { centerId: first.id, centerName: 'Arrive Gas Center', onHand: 387, incoming: 0, outgoing: 8, total: 387 },
      { centerId: lekki.id, centerName: 'Arrive Lekki', onHand: 95, incoming: 8, outgoing: 0, total: 103 },
    ]);
    expect(cylinders).toMatchObject({ onHand: 482, inTransit: 8, total: 490 });

    // A product the first center does not count: no figure there, what is coming to it still counted.
    const burners = productOf(body, cat.burner.id);
    expect(burners.byCenter.map((c) => [c.centerName, c.onHand, c.incoming, c.outgoing, c.total])).toEqual([
      ['Arrive Gas Center', null, 2, 0, 2],
      ['Arrive Lekki', 5, 0, 2, 5],
    ]);
    expect(burners).toMatchObject({ onHand: 5, inTransit: 2, total: 7 });
    // Gas is counted nowhere: not in the report.
    expect(body.products.some((p) => p.productId === cat.gas.id)).toBe(false);

    for (const p of body.products) {
      // The company's figures are the sum of the centers'…
      expect(sum(p.byCenter.map((c) => c.total))).toBe(p.total);
      expect(sum(p.byCenter.map((c) => c.onHand ?? 0))).toBe(p.onHand);
      expect(sum(p.byCenter.map((c) => c.incoming))).toBe(p.inTransit);
      expect(sum(p.byCenter.map((c) => c.outgoing))).toBe(p.inTransit);
      expect(p.total).toBe(p.onHand + p.inTransit);
      // …and moving stock between centers changed none of it.
      const had = sum([first, lekki].map((c) => before.get(`${p.productId}|${c.id}`) ?? 0));
      expect(p.total).toBe(had);
    }
  });

  it("shows a Manager one center when asked, the same figures as its share of the company's", async () => {
    const company = (await get(manager.session, '/api/quota/report')).json() as StockReport;
    const res = await get(manager.session, `/api/quota/report?center=${lekki.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as StockReport;
    expect(body.center).toEqual({ id: lekki.id, name: 'Arrive Lekki' });
    const cylinders = productOf(body, cat.cylinder12.id);
    expect(cylinders).toMatchObject({ onHand: 95, inTransit: 8, total: 103 });
    expect(cylinders.byCenter).toEqual([productOf(company, cat.cylinder12.id).byCenter[1]]);
    const unknown = await get(manager.session, `/api/quota/report?center=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ type: 'InvalidInput', additionalInfo: { field: 'center' } });
  });

  it('shows anyone else the center of their shift, and refuses another center or the company', async () => {
    const own = await get(associate.session, '/api/quota/report');
    expect(own.statusCode).toBe(200);
    const body = own.json() as StockReport;
    expect(body.center).toEqual({ id: first.id, name: 'Arrive Gas Center' });
    expect(productOf(body, cat.cylinder12.id)).toMatchObject({ onHand: 387, inTransit: 0, total: 387 });
    // Burners are coming to the first center, which does not count them.
    expect(productOf(body, cat.burner.id).byCenter).toEqual([
      { centerId: first.id, centerName: 'Arrive Gas Center', onHand: null, incoming: 2, outgoing: 0, total: 2 },
    ]);
    expect((await get(accountant.session, `/api/quota/report?center=${first.id}`)).statusCode).toBe(200);
    for (const center of [lekki.id, 'all']) {
      const refused = await get(associate.session, `/api/quota/report?center=${center}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        type: 'Forbidden',
        message: 'You can see the figures of the gas center of your shift only.',
        additionalInfo: { reason: 'NotYourCenter' },
      });
      const csv = await get(associate.session, `/api/quota/report?center=${center}&format=csv`);
      expect(csv.statusCode).toBe(403);
    }
  });

  it('answers a CSV file: a line per center and product, then the company, named by center and day', async () => {
    const res = await get(ceo.session, '/api/quota/report?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="stock-all-centers-${lagosDateKey(new Date())}.csv"`,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Gas center',
      'Product',
      'Unit',
      'On hand',
      'Coming in (in transit)',
      'Going out (in transit)',
      'Total (on hand and coming in)',
    ]);
    const cylinderLines = rows.filter((r) => r[1] === '12.5 kg gas cylinder');
    expect(cylinderLines).toEqual([
      ['Arrive Gas Center', '12.5 kg gas cylinder', 'item', '387', '0', '8', '387'],
      ['Arrive Lekki', '12.5 kg gas cylinder', 'item', '95', '8', '0', '103'],
      ['All centers', '12.5 kg gas cylinder', 'item', '482', '8', '8', '490'],
    ]);
    expect(rows).toContainEqual(['Arrive Gas Center', cat.burner.name, 'item', 'Not counted', '2', '0', '2']);
    // Each product's company line is the sum of its center lines.
    const products = new Set(rows.map((r) => r[1]));
    for (const product of products) {
      const lines = rows.filter((r) => r[1] === product);
      const company = lines.find((r) => r[0] === 'All centers');
      expect(sum(lines.filter((r) => r !== company).map((r) => Number(r[6])))).toBe(Number(company?.[6]));
    }

    const atLekki = await get(lekkiCashier.session, '/api/quota/report', { accept: 'text/csv' });
    expect(atLekki.headers['content-disposition']).toContain('filename="stock-arrive-lekki-');
    expect(
      parseCsv(atLekki.body)
        .slice(1)
        .every((r) => r[0] === 'Arrive Lekki'),
    ).toBe(true);
  });
});

describe('the transfer report', () => {
  it('shows the CEO what each center sent, received and cancelled per day, adding up to the company', async () => {
    const res = await get(ceo.session, `/api/centers/transfers/report?${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TransferReport;
    expect(body).toMatchObject({ fromDate: DAY, toDate: NEXT_DAY, center: null, moreTransfers: 0 });
    const figures = (d: TransferReport['days'][number]) => [
      d.date,
      d.productName,
      d.sent,
      d.sentCount,
      d.received,
      d.receivedCount,
      d.cancelled,
      d.cancelledCount,
    ];
    expect(body.byCenter.map((c) => [c.centerName, c.days.map(figures)])).toEqual([
      ['Arrive Gas Center', [[DAY, '12.5 kg gas cylinder', 16, 3, 0, 0, 3, 1]]],
      ['Arrive Lekki', [[NEXT_DAY, '12.5 kg gas cylinder', 0, 0, 5, 1, 0, 0]]],
    ]);
    expect(body.days.map(figures)).toEqual([
      [DAY, '12.5 kg gas cylinder', 16, 3, 0, 0, 3, 1],
      [NEXT_DAY, '12.5 kg gas cylinder', 0, 0, 5, 1, 0, 0],
    ]);
    for (const step of ['sent', 'received', 'cancelled'] as const) {
      expect(sum(body.byCenter.flatMap((c) => c.days.map((d) => d[step])))).toBe(sum(body.days.map((d) => d[step])));
    }
    // The company lists every transfer with a step in the days, newest first; today's burners are not.
    expect(body.transfers.map((t) => [t.quantity, t.status])).toEqual([
      [3, 'Cancelled'],
      [5, 'Received'],
      [8, 'InTransit'],
    ]);
    // Today's report has only them.
    const today = (await get(ceo.session, '/api/centers/transfers/report')).json() as TransferReport;
    expect(today.transfers.map((t) => t.productName)).toEqual([cat.burner.name]);
  });

  it("shows the counter their shift's center only, and refuses another center, the company, or a reader without stock duties", async () => {
    const own = await get(lekkiCashier.session, `/api/centers/transfers/report?${RANGE}`);
    expect(own.statusCode).toBe(200);
    const body = own.json() as TransferReport;
    expect(body.center).toEqual({ id: lekki.id, name: 'Arrive Lekki' });
    expect(body.byCenter.map((c) => c.centerName)).toEqual(['Arrive Lekki']);
    // Lekki received the 5 cylinders; what the first center sent is the first center's line.
    expect(body.days.map((d) => [d.date, d.received, d.sent])).toEqual([[NEXT_DAY, 5, 0]]);
    expect(body.transfers).toHaveLength(3);
    const managerView = (
      await get(manager.session, `/api/centers/transfers/report?${RANGE}&center=${lekki.id}`)
    ).json() as TransferReport;
    expect(managerView.days).toEqual(body.days);

    for (const center of [first.id, 'all']) {
      const refused = await get(lekkiCashier.session, `/api/centers/transfers/report?${RANGE}&center=${center}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ type: 'Forbidden', additionalInfo: { reason: 'NotYourCenter' } });
    }
    const csv = await get(lekkiCashier.session, `/api/centers/transfers/report?${RANGE}&center=all&format=csv`);
    expect(csv.statusCode).toBe(403);
    // Transfers are the counter's and Admin's: the accountant does not send or receive stock.
    expect((await get(accountant.session, `/api/centers/transfers/report?${RANGE}`)).statusCode).toBe(403);
    const reversed = await get(ceo.session, `/api/centers/transfers/report?fromDate=${NEXT_DAY}&toDate=${DAY}`);
    expect(reversed.statusCode).toBe(400);
  });

  it('answers a CSV file by day, per center then for all centers', async () => {
    const res = await get(ceo.session, `/api/centers/transfers/report?${RANGE}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="transfers-by-day-all-centers-${DAY}-to-${NEXT_DAY}.csv"`,
    );
    expect(parseCsv(res.body)).toEqual([
      [
        'Gas center',
        'Date',
        'Product',
        'Unit',
        'Sent',
        'Received',
        'Cancelled (back to the sender)',
        'Transfers sent',
        'Transfers received',
        'Transfers cancelled',
      ],
      ['Arrive Gas Center', '10/03/2025', '12.5 kg gas cylinder', 'item', '16', '0', '3', '3', '0', '1'],
      ['Arrive Lekki', '11/03/2025', '12.5 kg gas cylinder', 'item', '0', '5', '0', '0', '1', '0'],
      ['All centers', '10/03/2025', '12.5 kg gas cylinder', 'item', '16', '0', '3', '3', '0', '1'],
      ['All centers', '11/03/2025', '12.5 kg gas cylinder', 'item', '0', '5', '0', '0', '1', '0'],
    ]);
  });

  it('answers a CSV file of each transfer, times on the Lagos clock, a typed note never run as a formula', async () => {
    const res = await get(lekkiCashier.session, `/api/centers/transfers/report?${RANGE}&format=csv&by=transfer`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="transfers-by-transfer-arrive-lekki-${DAY}-to-${NEXT_DAY}.csv"`,
    );
    expect(res.body).toContain(`"'=SUM(A1), ""urgent"""\r\n`);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Sent (Lagos time)',
      'From',
      'To',
      'Product',
      'Unit',
      'Quantity',
      'Status',
      'Sent by',
      'Received (Lagos time)',
      'Received by',
      'Cancelled (Lagos time)',
      'Cancelled by',
      'Note',
    ]);
    expect(rows.map((r) => [r[0], r[1], r[2], r[5], r[6], r[8], r[10]])).toEqual([
      ['10/03/2025 12:00', 'Arrive Gas Center', 'Arrive Lekki', '3', 'Cancelled', '', '10/03/2025 13:00'],
      ['10/03/2025 10:00', 'Arrive Gas Center', 'Arrive Lekki', '5', 'Received', '11/03/2025 11:00', ''],
      ['10/03/2025 09:00', 'Arrive Gas Center', 'Arrive Lekki', '8', 'In transit', '', ''],
    ]);
    expect(rows.every((r) => r[7] !== '')).toBe(true);
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
