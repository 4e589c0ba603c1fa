import { and, count, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { isPrivileged } from '../../../domain/access';
import { straightKm } from '../../../domain/center-distance';
import {
  canDispatch,
  DELIVERY_PROBLEMS,
  isRider,
  OPEN_DELIVERY_STATUSES,
  RIDER_OPEN_STATUSES,
} from '../../../domain/dispatch-access';
import { DeliveryStatus, OrderStatus, StaffRole } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { LAGOS_UTC_OFFSET_MS, lagosDateKey } from '../../../domain/format';
import { normalizePhone } from '../../../domain/phone';
import type { DeliveryProgress, DispatchDelivery, Rider, RiderLocation } from '../../../domain/schemas/delivery';
import type { DbOrTx } from '../../db/client';
import type { StaffContext } from '../../plugins/session';
import { centerNamesOf, centerPhoneOf, findCenter, firstCenter } from '../centers';
import { findClientByPhone, findClientsByIds } from '../client';
import { findOrderByNumber, findOrderNumbersByIds, findOrdersWithItemsByIds } from '../order';
import { findProductTypesByIds } from '../product';
import { centerIdsOfStaff, findStaffByClientId, listStaff } from '../staff';
import type { DeliveryNotices } from './notices';
import { riderFirstName, toDeliveryView } from './service';
import { type DeliveryRow, deliveries, deliverySteps, orderCenterOf } from './tables';

const forbidden = (reason: string) =>
  new AppError('You do not have permission to view this page.', {
    status: 403,
    type: ErrorType.Forbidden,
    additionalInfo: { reason },
  });

/** Refuses a staff member whose role does not dispatch (see README: who dispatches). */
export function requireDispatcher(member: StaffContext | null): StaffContext {
  if (!member || !canDispatch(member)) throw forbidden('NotDispatcher');
  return member;
}

/** The first instant of today in Lagos. */
export function startOfLagosDay(now = new Date()): Date {
  return new Date(Date.parse(`${lagosDateKey(now)}T00:00:00Z`) - LAGOS_UTC_OFFSET_MS);
}

const fullName = (p: { firstname: string | null; lastname: string | null } | undefined, fallback: string) =>
  [p?.firstname, p?.lastname].filter(Boolean).join(' ') || fallback;

/** Deliveries with what the board and the rider need: the client to call, the goods, the steps. */
async function toDispatchViews(db: DbOrTx, rows: DeliveryRow[]): Promise<DispatchDelivery[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [orderMap, people, steps] = await Promise.all([
    findOrdersWithItemsByIds(
      db,
      rows.map((r) => r.orderId),
    ),
    findClientsByIds(
      db,
      rows.map((r) => r.clientId),
    ),
    db.select().from(deliverySteps).where(inArray(deliverySteps.deliveryId, ids)).orderBy(deliverySteps.at),
  ]);
  const orderRows = [...orderMap.values()];
  const [types, centerNames] = await Promise.all([
    findProductTypesByIds(
      db,
      orderRows.flatMap((o) => o.items.map((i) => i.productId)),
    ),
    centerNamesOf(
      db,
      orderRows.map((o) => o.centerId),
    ),
  ]);
  return rows.flatMap((row) => {
    const order = orderMap.get(row.orderId);
    if (!order) return [];
    const person = people.get(row.clientId);
    return [
      {
        ...toDeliveryView(row, order.orderNumber),
        statusChangedAt: row.statusChangedAt.toISOString(),
        clientName: fullName(person, 'Client'),
        clientPhone: person?.phoneLocal ?? '',
        orderTotal: order.total,
        orderStatus: order.status,
        centerId: order.centerId,
        centerName: centerNames.get(order.centerId) ?? '',
        items: order.items.map((i) => {
          const productType = types.get(i.productId);
          return { name: i.name, quantity: i.quantity, sizeKg: i.sizeKg, ...(productType ? { productType } : {}) };
        }),
        steps: steps
          .filter((s) => s.deliveryId === row.id)
          .map((s) => ({
            status: s.status,
            at: s.at.toISOString(),
            byRider: s.byRider,
            located: s.lat !== null,
            note: s.note,
          })),
      },
    ];
  });
}

/** The open shift of each of these staff members that has one, by staff id (one statement). */
export type OpenShiftsOf = (staffIds: readonly string[]) => Promise<ReadonlyMap<string, unknown>>;

/**
 * The Delivery Person staff who can be assigned, with whether they work a shift now and their
 * load: those of one center (`centerId`), or of every center (null).
 */
export async function listRiders(
  db: DbOrTx,
  openShiftsOf: OpenShiftsOf,
  centerId: string | null = null,
): Promise<Rider[]> {
  // Read by the center's board on every change: the database keeps the center's riders only.
  const members = await listStaff(db, {
    currentOnly: true,
    role: StaffRole.DeliveryPerson,
    ...(centerId ? { centerId } : {}),
  });
  if (!members.length) return [];
  const [loads, shifts] = await Promise.all([
    db
      .select({ carrier: deliveries.carrierClientId, n: count() })
      .from(deliveries)
      .where(
        and(
          inArray(
            deliveries.carrierClientId,
            members.map((m) => m.clientId),
          ),
          inArray(deliveries.status, [...RIDER_OPEN_STATUSES]),
        ),
      )
      .groupBy(deliveries.carrierClientId),
    openShiftsOf(members.map((m) => m.id)),
  ]);
  return members.map((m) => ({
    staffId: m.id,
    clientId: m.clientId,
    name: fullName(m, m.phoneLocal),
    phone: m.phoneLocal,
    onShift: shifts.has(m.id),
    openDeliveries: loads.find((l) => l.carrier === m.clientId)?.n ?? 0,
    centerIds: m.centerIds ?? [],
  }));
}

const notYourCenter = () =>
  new AppError('You can see only the dispatch board of the gas center your shift is at.', {
    status: 403,
    type: ErrorType.Forbidden,
    additionalInfo: { reason: 'NotYourCenter' },
  });

/**
 * Whose board a dispatcher reads: the center of their shift when they name none; a CEO or a
 * Manager may name any center, or `all` (null: every center's). Anyone else naming another
 * center than their shift's is refused (403 NotYourCenter).
 */
export async function boardCenterOf(
  db: DbOrTx,
  member: StaffContext,
  asked: 'all' | string | undefined,
): Promise<string | null> {
  const own = member.shiftCenterId ?? (await firstCenter(db)).id;
  if (asked === undefined || asked === own) return own;
  if (!isPrivileged(member.access)) throw notYourCenter();
  if (asked === 'all') return null;
  if (!(await findCenter(db, asked))) {
    throw new AppError('There is no such gas center. Choose one from the list.', {
      status: 404,
      type: ErrorType.NotFound,
      additionalInfo: { field: 'center' },
    });
  }
  return asked;
}

/**
 * A dispatcher acts on the deliveries of their shift's center only; a CEO or a Manager on any
 * (answers the centers they may act on, null for every one).
 */
export function dispatchCentersOf(member: StaffContext | null | undefined): string[] | null {
  if (!member || isPrivileged(member.access)) return null;
  return member.shiftCenterId ? [member.shiftCenterId] : null;
}

/** The centers a rider works at (their staff record's), by their account; [] for none. */
export async function riderCentersOf(db: DbOrTx, riderClientId: string): Promise<string[]> {
  const record = await findStaffByClientId(db, riderClientId);
  return record ? centerIdsOfStaff(db, record.id) : [];
}

/** The most deliveries one board lists. */
const BOARD_MOST = 1000;

/**
 * The dispatch board of one center (null: of every center): every delivery of a paid order
 * still open, and those finished today, oldest first (the longest waiting on top). A delivery of
 * an order not yet paid is not on it: nobody may take it out.
 */
export async function listBoard(
  db: DbOrTx,
  centerId: string | null = null,
  now = new Date(),
): Promise<DispatchDelivery[]> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(
      and(
        or(
          inArray(deliveries.status, [...OPEN_DELIVERY_STATUSES]),
          gte(deliveries.statusChangedAt, startOfLagosDay(now)),
        ),
        centerId === null ? undefined : sql`${orderCenterOf(deliveries.orderId)} = ${centerId}::uuid`,
      ),
    )
    .orderBy(deliveries.createdAt)
    // Every open delivery must be on the board; the bound keeps one read of a runaway backlog
    // within what a tablet can draw.
    .limit(BOARD_MOST);
  const views = await toDispatchViews(db, rows);
  // A delivery a dispatcher cancelled (its paid order cancelled and refunded with it) stays among
  // today's finished ones; an unpaid order the client cancelled never was the board's.
  return views.filter(
    (d) =>
      d.orderStatus === OrderStatus.Paid ||
      d.orderStatus === OrderStatus.Delivered ||
      (d.status === DeliveryStatus.Cancelled && d.steps.some((s) => s.status === DeliveryStatus.Cancelled)),
  );
}

/** A rider's day: their deliveries still open, and those they finished today, newest first. */
export async function listRiderDeliveries(db: DbOrTx, riderClientId: string): Promise<DispatchDelivery[]> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.carrierClientId, riderClientId),
        or(inArray(deliveries.status, [...RIDER_OPEN_STATUSES]), gte(deliveries.statusChangedAt, startOfLagosDay())),
      ),
    )
    .orderBy(desc(deliveries.statusChangedAt))
    .limit(100);
  return toDispatchViews(db, rows);
}

/**
 * The rider to assign: a current Delivery Person, by staff id or by the phone of their account.
 * Anyone else is refused (400) with the reason.
 */
export async function resolveRider(
  db: DbOrTx,
  input: { riderId?: string | undefined; carrierPhone?: string | undefined },
): Promise<{ carrierName: string; carrierPhone: string; carrierClientId: string }> {
  const refuse = (message: string) =>
    new AppError(message, { status: 400, type: ErrorType.InvalidInput, additionalInfo: { field: 'riderId' } });
  let clientId: string | undefined;
  if (input.riderId) {
    const [member] = await listStaff(db, { id: input.riderId });
    if (!member) throw refuse('Choose a rider from the list');
    clientId = member.clientId;
  } else if (input.carrierPhone) {
    const account = await findClientByPhone(db, normalizePhone(input.carrierPhone).local);
    if (!account) throw refuse('No Delivery Person has this phone number');
    clientId = account.id;
  }
  if (!clientId) throw refuse('Choose a rider');
  const record = await findStaffByClientId(db, clientId);
  if (!record?.isCurrentStaff || !isRider(record)) {
    throw refuse(`Only a Delivery Person can take a delivery${record ? ` (this is a ${record.role})` : ''}`);
  }
  const person = (await findClientsByIds(db, [clientId])).get(clientId);
  return {
    carrierName: fullName(person, person?.phoneLocal ?? 'Rider'),
    carrierPhone: person?.phoneLocal ?? '',
    carrierClientId: clientId,
  };
}

/** What the client sees of their delivery (see README: what the client sees of the rider). */
export async function deliveryProgress(
  db: DbOrTx,
  filter: { id: string },
  centerPhone: string | null,
): Promise<DeliveryProgress | null> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.id, filter.id));
  if (!row) return null;
  return progressOf(db, row, centerPhone);
}

/**
 * `centerPhone`: the phone to call when the order's gas center has none of its own
 * (GAS_CENTER_PHONE); the center's own phone comes first.
 */
async function progressOf(db: DbOrTx, row: DeliveryRow, centerPhone: string | null): Promise<DeliveryProgress> {
  const [orderMap, steps, people] = await Promise.all([
    findOrdersWithItemsByIds(db, [row.orderId]),
    db
      .select({ status: deliverySteps.status, at: deliverySteps.at })
      .from(deliverySteps)
      .where(eq(deliverySteps.deliveryId, row.id))
      .orderBy(deliverySteps.at),
    row.carrierClientId ? findClientsByIds(db, [row.carrierClientId]) : Promise.resolve(new Map()),
  ]);
  const rider = row.carrierClientId ? people.get(row.carrierClientId) : undefined;
  const order = orderMap.get(row.orderId);
  const phone = (order ? await centerPhoneOf(db, order.centerId) : null) ?? centerPhone;
  const riderName = riderFirstName(rider?.firstname ?? row.carrierName);
  // In transit only: the rider is on the way to this client. Collected, they may still be at the
  // gas center or on another client's doorstep; stopped by a problem, the distance goes stale.
  const onTheRoad = row.status === DeliveryStatus.InTransit;
  const { lat, lng } = row.address;
  const distanceKm =
    onTheRoad && row.lastLat !== null && row.lastLng !== null && lat !== undefined && lng !== undefined
      ? straightKm({ lat: row.lastLat, lng: row.lastLng }, { lat, lng })
      : null;
  return {
    deliveryId: row.id,
    orderId: row.orderId,
    orderNumber: order?.orderNumber ?? '',
    status: row.status,
    statusChangedAt: row.statusChangedAt.toISOString(),
    riderName: row.carrierClientId || row.carrierName ? riderName : null,
    vehicle: row.vehicle,
    steps: steps.map((s) => ({ status: s.status, at: s.at.toISOString() })),
    distanceKm,
    locatedAt: distanceKm !== null && row.lastLocatedAt ? row.lastLocatedAt.toISOString() : null,
    centerPhone: phone,
  };
}

/** The delivery of a client's order (clientId scopes it; staff pass none). */
export async function progressOfOrder(
  db: DbOrTx,
  orderId: string,
  clientId: string | undefined,
  centerPhone: string | null,
): Promise<DeliveryProgress> {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.orderId, orderId), clientId ? eq(deliveries.clientId, clientId) : undefined));
  if (!row) throw new AppError('Delivery not found', { status: 404, type: ErrorType.NotFound });
  return progressOf(db, row, centerPhone);
}

/** Statuses in which the rider's phone shares its position (the client is told the distance in InTransit only). */
const SHARING = [DeliveryStatus.CarrierPickup, DeliveryStatus.InTransit] as const;

/**
 * The rider's phone says where it is (their own delivery, on the road only). Not a step: the
 * last position is kept, and the client hears roughly how far away the rider is.
 */
export async function recordRiderPosition(
  db: DbOrTx,
  id: string,
  riderClientId: string,
  where: RiderLocation,
  notices?: DeliveryNotices,
): Promise<{ recorded: boolean }> {
  const now = new Date();
  const [updated] = await db
    .update(deliveries)
    .set({ lastLat: where.lat, lastLng: where.lng, lastLocatedAt: now })
    .where(
      and(
        eq(deliveries.id, id),
        eq(deliveries.carrierClientId, riderClientId),
        inArray(deliveries.status, [...SHARING]),
        isNotNull(deliveries.carrierClientId),
      ),
    )
    .returning();
  if (!updated) {
    const [row] = await db
      .select({ carrier: deliveries.carrierClientId })
      .from(deliveries)
      .where(eq(deliveries.id, id));
    if (!row) throw new AppError('Delivery not found', { status: 404, type: ErrorType.NotFound });
    if (row.carrier !== riderClientId) throw forbidden('NotYourDelivery');
    // Not on the road (yet or any more): nothing to share.
    return { recorded: false };
  }
  const [view] = await toDispatchViews(db, [updated]);
  if (view) {
    notices?.emit({
      delivery: view,
      previous: updated.status,
      at: now.toISOString(),
      byRider: true,
      located: true,
      positionOnly: true,
    });
  }
  return { recorded: true };
}

/** Goods a rider has collected and not handed over (collected, on the road, or stopped by a problem). */
const CARRYING: DeliveryStatus[] = [DeliveryStatus.CarrierPickup, DeliveryStatus.InTransit, ...DELIVERY_PROBLEMS];

/**
 * The order numbers of the deliveries a rider is carrying now: their shift does not end over them
 * (the board would list a delivery whose rider can no longer move it, with the goods on the road).
 */
export async function deliveriesCarriedBy(db: DbOrTx, riderClientId: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: deliveries.orderId })
    .from(deliveries)
    .where(and(eq(deliveries.carrierClientId, riderClientId), inArray(deliveries.status, CARRYING)));
  const numbers = await findOrderNumbersByIds(
    db,
    rows.map((r) => r.orderId),
  );
  return [...numbers.values()].sort();
}

/** The delivery of an order (by id or number), with its status and its order's center; [] for none. */
export async function deliveryOfOrder(
  db: DbOrTx,
  ref: { orderId?: string | undefined; orderNumber?: string | undefined },
): Promise<{ id: string; status: DeliveryStatus; centerId: string }[]> {
  const orderId = ref.orderId ?? (ref.orderNumber ? (await findOrderByNumber(db, ref.orderNumber))?.id : undefined);
  if (!orderId) return [];
  return db
    .select({
      id: deliveries.id,
      status: deliveries.status,
      centerId: sql<string>`${orderCenterOf(deliveries.orderId)}`,
    })
    .from(deliveries)
    .where(eq(deliveries.orderId, orderId));
}
