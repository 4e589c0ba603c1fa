// Who dispatches home deliveries and who rides them (the decision is written in
// src/server/modules/delivery/README.md).
import { isPrivileged } from './access';
import { DeliveryStatus, type StaffAccess, StaffRole } from './enums';

type Member = { role: StaffRole; access: readonly StaffAccess[] };

/** The roles that run the dispatch board: assign, reassign, mark problems, cancel. */
export const DISPATCH_ROLES: readonly StaffRole[] = [
  StaffRole.CEO,
  StaffRole.Manager,
  StaffRole.Admin,
  StaffRole.ShiftSupervisor,
  StaffRole.SalesAssociate,
  StaffRole.CustomerService,
];

/** A dispatcher: one of DISPATCH_ROLES, or anyone holding CEO or Manager access. */
export const canDispatch = (member: Member): boolean =>
  DISPATCH_ROLES.includes(member.role) || isPrivileged(member.access);

/** A rider: the Delivery Person role. Only riders are assigned deliveries. */
export const isRider = (member: Pick<Member, 'role'>): boolean => member.role === StaffRole.DeliveryPerson;

/** The problems a rider or a dispatcher can mark on the road (DeliveryStatus failed attempts). */
export const DELIVERY_PROBLEMS = [
  DeliveryStatus.OrderNotDelivered,
  DeliveryStatus.CantLocateClientLocation,
  DeliveryStatus.Other,
] as const;

/** A delivery with a rider on it, not yet finished. */
export const RIDER_OPEN_STATUSES: readonly DeliveryStatus[] = [
  DeliveryStatus.Accepted,
  DeliveryStatus.CarrierPickup,
  DeliveryStatus.InTransit,
  ...DELIVERY_PROBLEMS,
];

/** Not finished: still on the board. */
export const OPEN_DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  DeliveryStatus.Pending,
  DeliveryStatus.Rejected,
  ...RIDER_OPEN_STATUSES,
];
