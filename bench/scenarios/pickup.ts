// The pickup bench scenario: N counters and N clients confirm N hand-overs at once over real
// sockets; it measures the confirmation round trip (the staff's request until the staff hears
// the order is Delivered). For `npm run bench`; not used by the running app.
//
// Two halves: `preparePickupBench` runs beside the app (it writes the clients, the staff on their
// shifts and the paid orders), and `measurePickupBench` needs only the app's address. The bench
// measures from its own process, as the phones and tablets are other devices: the sockets' own
// CPU (their writes, their parsing) then does not count as the server's.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSession } from '../../src/server/modules/auth/session-service';
import { clients } from '../../src/server/modules/client/tables';
import {
  connectPickupSocket,
  createPaidOrder,
  nextEvent,
  type PickupSocket,
  putOnShift,
} from '../../src/server/test-utils/pickup';

export type PickupBenchOptions = {
  /** How many client/counter pairs confirm at once. */
  clients: number;
  /** Measured rounds per pair (each round is a new order), after the warm-up rounds. */
  rounds?: number;
  /**
   * Rounds per pair run first and not measured (default 1): the server's first hand-overs after
   * it starts prepare its statements, build its event schemas and are run before V8 has
   * optimised the code they go through. Their p99 is reported apart (`warmUpP99Ms`).
   */
  warmUpRounds?: number;
  /** Per-step timeout. */
  timeoutMs?: number;
  /** The database's statement counter (bench/server.ts), to report statements per round trip. */
  queryCount?: () => number | Promise<number>;
};

/** What the measuring side needs, as plain data (it crosses the bench's IPC). */
export type PickupBenchPlan = {
  url: string;
  pairs: { ownerToken: string; staffToken: string; warmUpOrderIds: string[]; orderIds: string[] }[];
};

export type PickupBenchResult = {
  pairs: number;
  confirmations: number;
  errors: number;
  /** Round trip, milliseconds. */
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Wall time of the whole measured phase, and confirmations per second over it. */
  durationMs: number;
  perSecond: number;
  /** Statements sent to the database per confirmation (request and answer), when counted. */
  statementsPerRoundTrip: number | null;
  /** The warm-up rounds' p99 (the server's first hand-overs), milliseconds. */
  warmUpP99Ms: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

async function newClient(app: FastifyInstance): Promise<{ clientId: string; token: string }> {
  const local = `0809${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const [row] = await app.db
    .insert(clients)
    .values({ phoneLocal: local, phoneInternational: `234${local.slice(1)}`, isVerified: true, firstname: 'Bench' })
    .onConflictDoNothing()
    .returning({ id: clients.id });
  if (!row) return newClient(app);
  const { accessToken } = await createSession(app.db, app.config, row.id);
  return { clientId: row.id, token: accessToken };
}

/**
 * Writes what the scenario needs into the app's database: per pair a client and a staff member on
 * a shift, with sessions, and the client's paid pickup orders (one per warm-up and measured
 * round). The app listens on a random port if it is not yet listening.
 */
export async function preparePickupBench(
  app: FastifyInstance,
  options: Pick<PickupBenchOptions, 'clients' | 'rounds' | 'warmUpRounds'>,
): Promise<PickupBenchPlan> {
  const rounds = options.rounds ?? 1;
  const warmUpRounds = Math.max(1, options.warmUpRounds ?? 1);
  let address = app.server.address();
  if (!address) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    address = app.server.address();
  }
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  // Sweeping is not what is measured; keep it out of the way.
  app.pickupChannel.configure({ sweepIntervalMs: 1000 });
  const pairs: PickupBenchPlan['pairs'] = [];
  for (let i = 0; i < options.clients; i++) {
    const owner = await newClient(app);
    const staff = await newClient(app);
    await putOnShift(app, staff.clientId);
    const ids: string[] = [];
    for (let r = 0; r < warmUpRounds + rounds; r++) ids.push((await createPaidOrder(app, owner.clientId)).id);
    pairs.push({
      ownerToken: owner.token,
      staffToken: staff.token,
      warmUpOrderIds: ids.slice(0, warmUpRounds),
      orderIds: ids.slice(warmUpRounds),
    });
  }
  return { url: `http://127.0.0.1:${address.port}`, pairs };
}

type Pair = { owner: PickupSocket; desk: PickupSocket };

/** One hand-over: the counter asks, the client's phone approves, the counter hears it. */
async function confirm(pair: Pair, orderId: string, timeoutMs: number): Promise<void> {
  const prompt = nextEvent(pair.owner, 'requestPickupConfirmation', (p) => p.orderId === orderId, timeoutMs);
  const ack = await pair.desk.emitWithAck('requestConfirmationStaff', { orderId });
  if (!ack.ok) throw new Error(ack.message ?? 'refused');
  const request = await prompt;
  const approved = nextEvent(pair.desk, 'StaffConfirmApproval', (p) => p.pickupId === request.pickupId, timeoutMs);
  pair.owner.emit('pickupConfirmationResponse', { pickupId: request.pickupId, action: 'Approve' });
  await approved;
}

/** Every pair's hand-overs of `orders(i)`, pairs at once, each pair's one after another, timed. */
async function rounds(pairs: Pair[], orders: (i: number) => string[], timeoutMs: number) {
  const timings: number[] = [];
  let errors = 0;
  await Promise.all(
    pairs.map(async (pair, i) => {
      for (const orderId of orders(i)) {
        try {
          const t0 = performance.now();
          await confirm(pair, orderId, timeoutMs);
          timings.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { sorted: timings.sort((x, y) => x - y), errors };
}

/**
 * Connects every pair's phone and counter, runs the warm-up rounds (not measured: the first
 * statements prepared, the first event schemas built, the code optimised), then all the pairs'
 * measured rounds at once, timing each round trip.
 */
export async function measurePickupBench(
  plan: PickupBenchPlan,
  options: Pick<PickupBenchOptions, 'timeoutMs' | 'queryCount'> = {},
): Promise<PickupBenchResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const sockets: PickupSocket[] = [];
  try {
    const pairs: Pair[] = [];
    for (const pair of plan.pairs) {
      const owner = await connectPickupSocket(plan.url, { token: pair.ownerToken, platform: 'mobile' }, timeoutMs);
      const desk = await connectPickupSocket(plan.url, { token: pair.staffToken }, timeoutMs);
      sockets.push(owner, desk);
      pairs.push({ owner, desk });
    }
    const warmUp = await rounds(pairs, (i) => plan.pairs[i]?.warmUpOrderIds ?? [], timeoutMs);
    if (warmUp.errors > 0) throw new Error(`${warmUp.errors} warm-up hand-overs failed`);

    const q0 = await options.queryCount?.();
    const started = performance.now();
    const { sorted, errors } = await rounds(pairs, (i) => plan.pairs[i]?.orderIds ?? [], timeoutMs);
    const durationMs = performance.now() - started;
    const q1 = await options.queryCount?.();
    const mean = sorted.length ? sorted.reduce((sum, x) => sum + x, 0) / sorted.length : 0;
    return {
      pairs: pairs.length,
      confirmations: sorted.length,
      errors,
      meanMs: mean,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
      durationMs,
      perSecond: durationMs > 0 ? (sorted.length * 1000) / durationMs : 0,
      statementsPerRoundTrip:
        q0 !== undefined && q1 !== undefined && sorted.length > 0 ? (q1 - q0) / sorted.length : null,
      warmUpP99Ms: percentile(warmUp.sorted, 99),
    };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

/** Both halves in the app's own process (the scenario's test). */
export async function runPickupBench(app: FastifyInstance, options: PickupBenchOptions): Promise<PickupBenchResult> {
  return measurePickupBench(await preparePickupBench(app, options), options);
}
