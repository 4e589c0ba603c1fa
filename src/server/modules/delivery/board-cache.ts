import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { lagosDateKey } from '../../../domain/format';
import { dispatchBoardSchema } from '../../../domain/schemas/delivery';
import { batcher } from '../../db/batcher';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
import { knownCenters } from '../centers';
import { listBoard, listRiders, type OpenShiftsOf } from './dispatch';

/** What the boards may hold in memory, in bytes. */
export const BOARD_CACHE_BYTES = 16 * 1024 * 1024;

/** The nil center: every board's counter (migration 0031), and here the board of every center. */
const EVERY = '00000000-0000-0000-0000-000000000000';

/**
 * The versions of these boards (migration 0031): a center's is its counter plus the nil one's,
 * every center's board (the nil center) the sum of all. The table has a row per center at most.
 */
const boardVersions = rawStatement<{ center_id: string; version: string }>(
  'dispatch_board_versions',
  sql`select k.center::text as center_id,
        (select coalesce(sum(v.version), 0) from dispatch_board_versions v
          where k.center = ${EVERY}::uuid or v.center_id = k.center or v.center_id = ${EVERY}::uuid)::text as version
      from unnest(${value('centers')}::uuid[]) as k(center)`,
);

/**
 * Reads boards' versions, the requests that wait together in one statement (db/batcher.ts): each
 * request's version is read by a statement sent after the request arrived, so never older than
 * it; under load one statement answers many requests.
 */
function versionReader(db: DbOrTx) {
  return batcher(
    async (centers: string[]) => {
      const rows = await boardVersions.run(db, { centers: [...new Set(centers)] });
      const found = new Map(rows.map((r) => [r.center_id, BigInt(r.version)]));
      return centers.map((center) => found.get(center) ?? 0n);
    },
    { max: 500 },
  );
}

/** The mark of each list of centers as remembered (the same list until it is read again). */
const marks = new WeakMap<object, string>();

/**
 * The centers' names (and which is first) as a short mark, remembered for a minute
 * (centers/service.ts): a card names its order's center and a rider listed at no center is the
 * first center's, and the database's version does not watch centers, so a board is kept per mark.
 */
async function centersMark(db: DbOrTx): Promise<string> {
  const list = await knownCenters(db);
  let mark = marks.get(list);
  if (mark === undefined) {
    let hash = 5381;
    for (const center of list) {
      for (const ch of `${center.id}=${center.name};`) hash = ((hash * 33) ^ ch.charCodeAt(0)) >>> 0;
    }
    mark = hash.toString(36);
    marks.set(list, mark);
  }
  return mark;
}

/**
 * A board kept, as the bytes sent, one for each answer to `mayChooseCenter` (the caller's own),
 * with the version, the day and the centers' mark it was read at.
 */
type Entry = { version: bigint; stamp: string; bodies: readonly [Buffer, Buffer]; bytes: number };

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
export function dispatchBoards(db: DbOrTx, options: { openShiftsOf: OpenShiftsOf; maxBytes?: number }) {
  const maxBytes = options.maxBytes ?? BOARD_CACHE_BYTES;
  const versionOf = versionReader(db);
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
    const bodies = [false, true].map((may) => Buffer.from(`${head},"mayChooseCenter":${may}}`)) as [Buffer, Buffer];
    const entry = {
      version,
      stamp,
      bodies,
      bytes: bodies[0].length + bodies[1].length + stamp.length + center.length + OVERHEAD,
    };
    keep(center, entry);
    return entry;
  };

  return {
    /** The board of a center (null: every center's) as it is now, from memory when nothing changed. */
    async read(centerId: string | null, mayChooseCenter: boolean): Promise<Buffer> {
      const center = centerId ?? EVERY;
      const now = new Date();
      const stamp = `${lagosDateKey(now)} ${await centersMark(db)}`;
      const version = await versionOf(center);
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
      return entry.bodies[mayChooseCenter ? 1 : 0];
    },
    /** How much is kept (for tests). */
    size: () => ({ boards: boards.size, bytes }),
  };
}
