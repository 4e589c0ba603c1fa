// The dispatch board as it travels (delivery/board-cache.ts, the board route): compressed once per
// change in the encoding the request accepts (br first, then gzip), the same JSON once decoded;
// tagged by its bytes, so a tablet that holds the board it would be sent is answered 304 and any
// change, or another caller's answer, is sent whole. And the guard's staff lookup shared by the
// requests that arrive together (plugins/session.ts): each caller still gets their own record, and
// a shift ended or a session signed out holds from the very next request.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatchBoard } from '../../src/domain/schemas/delivery';
import { boardEncodingOf, matchesBoardEtag } from '../../src/server/modules/delivery/board-cache';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue, homeDeliveryRefill } from './order-helpers';

describe('the dispatch board as it travels', () => {
  let app: FastifyInstance;
  let dispatcher: Session;
  let ceo: Session;
  let owner: Session;
  let gasId: string;

  /** A demo staff member, on a shift at their center. */
  const onShift = async (phone: string) => {
    const session = await signInAs(app, phone);
    const [row] = await app.db.select().from(staff).where(eq(staff.clientId, session.clientId));
    if (!row) throw new Error('no demo staff');
    await app.db.insert(shifts).values({ staffId: row.id });
    return { ...session, staffId: row.id };
  };
  /** A paid home delivery of a refill from the first center. */
  const paidDelivery = () => homeDeliveryRefill(app, owner.clientId, gasId);
  // Sent from within (an async function): a statement is counted to the work that sent it.
  const read = async (who: Session, headers: Record<string, string> = {}) =>
    await injectAs(app, who, { method: 'GET', url: '/api/delivery/board', headers });

  beforeAll(async () => {
    app = await buildTestApp({ env: { SEED_DEMO: 'true' }, countQueries: true });
    gasId = (await catalogue(app)).gas.id;
    owner = await signInAs(app, '08030000601');
    dispatcher = await onShift('08010000003');
    ceo = await onShift('08010000001');
    // Enough cards that the board is worth compressing.
    for (let i = 0; i < 3; i++) await paidDelivery();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers br or gzip as the request accepts, the same JSON once decoded', async () => {
    const plain = await read(dispatcher);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.rawPayload.toString();
    expect((JSON.parse(json) as DispatchBoard).deliveries.length).toBeGreaterThanOrEqual(3);

    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
      ['identity', undefined, (b) => b],
      ['*;q=0', undefined, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      for (let i = 0; i < 2; i++) {
        const res = await read(dispatcher, { 'accept-encoding': accept });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
        expect(decode(res.rawPayload).toString(), accept).toBe(json);
      }
    }
    expect(boardEncodingOf({ 'accept-encoding': 'br', 'x-no-compression': '1' })).toBeNull();
    expect(boardEncodingOf({})).toBeNull();
  });

  it('answers 304 to the tag of the very board it would send, the whole board once it changed', async () => {
    const first = await read(dispatcher);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await read(dispatcher, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The same tag whatever the encoding: it names the JSON.
    expect((await read(dispatcher, { 'accept-encoding': 'gzip' })).headers.etag).toBe(etag);

    // The CEO's answer of the same center differs (they may choose another): sent whole.
    const byCeo = await read(ceo, { 'if-none-match': etag });
    expect(byCeo.statusCode).toBe(200);
    expect(byCeo.headers.etag).not.toBe(etag);

    // A change of the board: the old tag no longer matches.
    await paidDelivery();
    const changed = await read(dispatcher, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).not.toBe(first.body);

    expect(matchesBoardEtag(`"x", ${etag.slice(2)}`, etag)).toBe(true);
    expect(matchesBoardEtag('*', etag)).toBe(true);
    expect(matchesBoardEtag('W/"other"', etag)).toBe(false);
    expect(matchesBoardEtag(undefined, etag)).toBe(false);
  });

  it('looks up the staff of requests that arrive together at once, each their own, never from before', async () => {
    // Both sessions found alive and the board kept: what is left is one statement, the staff
    // member with their shift and the version of its center's board.
    await Promise.all([read(dispatcher), read(ceo)]);
    const alone = await app.database.statementsOf(() => read(dispatcher));
    expect(alone.result.statusCode).toBe(200);
    expect(alone.statements).toBe(1);
    const together = await app.database.statementsOf(() =>
      Promise.all([read(dispatcher), read(ceo), read(dispatcher), read(ceo)]),
    );
    for (const res of together.result) expect(res.statusCode, res.body).toBe(200);
    const [d, c] = together.result.map((r) => r.json() as DispatchBoard & { mayChooseCenter: boolean });
    expect(d?.mayChooseCenter).toBe(false);
    expect(c?.mayChooseCenter).toBe(true);
    // Four reads that arrive together: that one statement for them all.
    expect(together.statements).toBe(alone.statements);

    // The dispatcher's shift ends: their very next read is refused, though a read was just answered.
    const [row] = await app.db.select().from(staff).where(eq(staff.clientId, dispatcher.clientId));
    if (!row) throw new Error('no staff');
    await app.db.update(shifts).set({ endedAt: new Date() }).where(eq(shifts.staffId, row.id));
    const [off, still] = await Promise.all([read(dispatcher), read(ceo)]);
    expect(off.statusCode).toBe(403);
    expect(off.json().additionalInfo?.reason).toBe('NoActiveShift');
    expect(still.statusCode).toBe(200);

    // The CEO signs out: refused at once.
    const out = await injectAs(app, ceo, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await read(ceo)).statusCode).toBe(401);
  });
});
