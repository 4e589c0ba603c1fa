import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { lagosDateKey } from '../../../domain/format';
import { dispatchBoardSchema } from '../../../domain/schemas/delivery';
import { batcher } from '../../db/batcher';
import type { DbOrTx } from '../../db/client';
import { batchArray, rawStatement } from '../../db/statement';
import { versionReader } from '../../db/version-reader';
import { COMPRESS_FROM_BYTES } from '../../lib/compression';
import type { StaffContext } from '../../plugins/session';
import { centerNamesMark } from '../centers';
import { staffOfClientsWith } from '../staff';
import { listBoard, listRiders, type OpenShiftsOf } from './dispatch';

/** What the boards may hold in memory, in bytes. */
export const BOARD_CACHE_BYTES = 16 * 1024 * 1024;

/** The nil center: every board's counter (migration 0031), and here the board of every center. */
const EVERY = '00000000-0000-0000-0000-000000000000';

/**
 * The versions of these boards (migration 0031): a center's is its counter plus the nil one's,
 * every center's board (the nil center) the sum of all. The table has a row per center at most.
 */
const boardVersions = rawStatement<{ key: string; version: string }>(
  'dispatch_board_versions',
  sql`select k.center::text as key,
        (select coalesce(sum(v.version), 0) from dispatch_board_versions v
          where k.center = ${EVERY}::uuid or v.center_id = k.center or v.center_id = ${EVERY}::uuid)::text as version
      from unnest(${batchArray('centers', 'uuid')}) as k(center)`,
);

/** The open shift of a staff member as the session's staff lookup reads it (the shift module's). */
export type OpenShiftRefOf = (staffId: SQL) => SQL<{ id: string; centerId: string } | null>;

type ShiftAndVersion = { shift: { id: string; centerId: string } | null; version: string | null };

/**
 * The session's staff lookup (the staff record and open shift, app.ts) with, in the same
 * statement, the version of the board of the shift's center: a dispatcher's read of their own
 * board costs one statement, not a staff statement then a version statement. Built once.
 */
const staffWithBoardVersion = new WeakMap<OpenShiftRefOf, ReturnType<typeof staffOfClientsWith<ShiftAndVersion>>>();
function staffWithBoardVersionOf(openShiftRefOf: OpenShiftRefOf) {
  let lookup = staffWithBoardVersion.get(openShiftRefOf);
  if (!lookup) {
    lookup = staffOfClientsWith(
      'staffs_with_open_shift_and_board',
      (staffId) =>
        sql<ShiftAndVersion>`(select json_build_object('shift', x.shift, 'version',
          (select coalesce(sum(v.version), 0) from dispatch_board_versions v
            where v.center_id = (x.shift->>'centerId')::uuid or v.center_id = ${EVERY}::uuid)::text)
        from (select ${openShiftRefOf(staffId)} as shift) x)`,
    );
    staffWithBoardVersion.set(openShiftRefOf, lookup);
  }
  return lookup;
}

/** The encodings a board is kept in besides its JSON, the first preferred (as the app's compression). */
export type BoardEncoding = 'br' | 'gzip';

const encoders: Record<BoardEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // Compressed once per version, not per read: a little more effort than per-answer compression.
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
};

/**
 * The encoding a request's Accept-Encoding takes of those a board is kept in, br first; null for
 * the JSON as it is (no header, neither accepted, or X-No-Compression as the app's compression).
 */
export function boardEncodingOf(headers: Record<string, string | string[] | undefined>): BoardEncoding | null {
  const header = headers['accept-encoding'];
  if (!header || headers['x-no-compression'] !== undefined) return null;
  const weight: Record<string, number> = {};
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    weight[name.trim().toLowerCase()] = Number.isFinite(value) ? value : 0;
  }
  const of = (encoding: BoardEncoding) => weight[encoding] ?? weight['*'] ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for a GET). */
export function matchesBoardEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * One answer of a kept board: its JSON, its tag (of these very bytes, so equal tags are equal
 * boards whichever instance read them), and its compressed bytes once an answer asked for them.
 */
type Variant = { body: Buffer; etag: string; encoded: Partial<Record<BoardEncoding, Promise<Buffer>>> };

/**
 * A board kept, as the bytes sent, one for each answer to `mayChooseCenter` (the caller's own),
 * with the version, the day and the centers' mark it was read at.
 */
type Entry = { version: bigint; stamp: string; variants: readonly [Variant, Variant]; bytes: number };

/** A board as the route sends it: the bytes, their encoding (null: the JSON itself) and tag. */
export type BoardAnswer = { body: Buffer; encoding: BoardEncoding | null; etag: string };

const variantOf = (body: Buffer): Variant => ({
  body,
  etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  encoded: {},
});

/** Room a kept board takes beyond its bytes: its key, the map's slot. */
const OVERHEAD = 128;

/**
 * The dispatch boards kept in memory, one per center and one of every center, as the JSON sent.
 *
 * A board is answered from memory only when its version, read from the database for every
 * request (versionReader), is the one it was read at. The version moves as the transaction of
 * any write the board shows commits (triggers, migration 0031), whichever instance, job or tool
 * wrote it: a board is never older than the request that reads it, and no instance needs to hear
 * of another's writes. A board is kept for the Lagos day it was read on (it lists the deliveries
 * finished today) and the centers' names it was written with; another day or other names read it
 * again, so a center keeps one board. The reads of one center's board at the same version (its
 * dispatchers' tablets told of a change at once) share one reading of it. Least recently read
 * boards leave first when they outgrow `maxBytes`.
 */
export function dispatchBoards(
  db: DbOrTx,
  options: { openShiftsOf: OpenShiftsOf; openShiftRefOf?: OpenShiftRefOf; maxBytes?: number },
) {
  const maxBytes = options.maxBytes ?? BOARD_CACHE_BYTES;
  const versionOf = versionReader((centers) => boardVersions.run(db, { centers }));
  /** The version of their shift's center's board read with each staff member by `staffOf`. */
  const readWith = new WeakMap<StaffContext, { center: string; version: bigint }>();
  const openShiftRefOf = options.openShiftRefOf;
  const staffOf = openShiftRefOf
    ? batcher(
        async (clientIds: string[]) => {
          const rows = await staffWithBoardVersionOf(openShiftRefOf)(db, clientIds);
          return rows.map((row): StaffContext | null => {
            if (!row) return null;
            const { extra, ...rest } = row;
            const shift = extra?.shift ?? null;
            const member = { ...rest, shiftId: shift?.id ?? null, shiftCenterId: shift?.centerId ?? null };
            if (shift && extra?.version != null)
              readWith.set(member, { center: shift.centerId, version: BigInt(extra.version) });
            return member;
          });
        },
        { max: 500 },
      )
    : undefined;
  const boards = new Map<string, Entry>();
  const reading = new Map<string, Promise<Entry>>();
  let bytes = 0;

  const drop = (center: string) => {
    const entry = boards.get(center);
    if (!entry) return;
    bytes -= entry.bytes;
    boards.delete(center);
  };
  const keep = (center: string, entry: Entry) => {
    const before = boards.get(center);
    // Two reads may finish out of order: a board read at an older version is not kept over newer.
    if (before && before.stamp === entry.stamp && before.version > entry.version) return;
    drop(center);
    if (entry.bytes > maxBytes) return;
    boards.set(center, entry);
    bytes += entry.bytes;
    for (const oldest of boards.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  /** A kept board's bytes grown by `more` (an encoding added): the least recently read leave first. */
  const grow = (center: string, entry: Entry, more: number) => {
    const kept = boards.get(center) === entry;
    entry.bytes += more;
    if (!kept) return;
    bytes += more;
    if (entry.bytes > maxBytes) {
      drop(center);
      return;
    }
    for (const oldest of boards.keys()) {
      if (bytes <= maxBytes) break;
      if (oldest !== center) drop(oldest);
    }
  };

  /** The board read from the database now (its version was read before it), kept. */
  const readBoard = async (center: string, version: bigint, stamp: string, now: Date): Promise<Entry> => {
    const centerId = center === EVERY ? null : center;
    const [deliveries, riders] = await Promise.all([
      listBoard(db, centerId, now),
      listRiders(db, options.openShiftsOf, centerId),
    ]);
    // As the route's serializer writes it (fields in the schema's order, `mayChooseCenter` last),
    // encoded once: a kept board is sent as bytes.
    const head = JSON.stringify(z.encode(dispatchBoardSchema, { deliveries, riders, centerId })).slice(0, -1);
    const variants = [false, true].map((may) => variantOf(Buffer.from(`${head},"mayChooseCenter":${may}}`))) as [
      Variant,
      Variant,
    ];
    const entry = {
      version,
      stamp,
      variants,
      bytes: variants[0].body.length + variants[1].body.length + stamp.length + center.length + OVERHEAD,
    };
    keep(center, entry);
    return entry;
  };

  /**
   * A kept answer in `encoding`, compressed on the first read that asks (off the event loop) and
   * kept with its board, counted in its bytes while the board is kept.
   */
  const encodedOf = (center: string, entry: Entry, variant: Variant, encoding: BoardEncoding): Promise<Buffer> => {
    let pending = variant.encoded[encoding];
    if (!pending) {
      pending = encoders[encoding](variant.body);
      variant.encoded[encoding] = pending;
      pending.then(
        (encoded) => grow(center, entry, encoded.length),
        // Not kept: the next read that asks compresses again.
        () => {
          if (variant.encoded[encoding] === pending) delete variant.encoded[encoding];
        },
      );
    }
    return pending;
  };

  /**
   * The board of a center (null: every center's) as it is now, from memory when nothing changed,
   * in `encoding` when asked (null: its JSON). `reader`: the caller as `staffOf` read them.
   */
  const answer = async (
    centerId: string | null,
    mayChooseCenter: boolean,
    encoding: BoardEncoding | null,
    reader?: StaffContext,
  ): Promise<BoardAnswer> => {
    const center = centerId ?? EVERY;
    const now = new Date();
    const stamp = `${lagosDateKey(now)} ${await centerNamesMark(db)}`;
    // Read with the reader by this request (staffOf), so not older than it; used once.
    const known = reader ? readWith.get(reader) : undefined;
    if (reader) readWith.delete(reader);
    const version = known?.center === center ? known.version : await versionOf(center);
    let entry = boards.get(center);
    if (entry && entry.version === version && entry.stamp === stamp) {
      // Most recently read last.
      boards.delete(center);
      boards.set(center, entry);
    } else {
      const key = `${center} ${version} ${stamp}`;
      let pending = reading.get(key);
      if (!pending) {
        pending = readBoard(center, version, stamp, now).finally(() => reading.delete(key));
        reading.set(key, pending);
      }
      entry = await pending;
    }
    const variant = entry.variants[mayChooseCenter ? 1 : 0];
    if (!encoding || variant.body.length < COMPRESS_FROM_BYTES) {
      return { body: variant.body, encoding: null, etag: variant.etag };
    }
    return { body: await encodedOf(center, entry, variant, encoding), encoding, etag: variant.etag };
  };

  return {
    /**
     * The session's staff lookup for the board route's guard, reading beside each member the
     * version of their shift's center's board, for `answer` given that member (the requests
     * that arrive together share one statement, as app.loadStaff's).
     */
    staffOf,
    answer,
    /** The board's JSON, as `answer` without an encoding. */
    async read(centerId: string | null, mayChooseCenter: boolean): Promise<Buffer> {
      return (await answer(centerId, mayChooseCenter, null)).body;
    },
    /** How much is kept (for tests). */
    size: () => ({ boards: boards.size, bytes }),
  };
}
