import { describe, expect, it } from 'vitest';
import { canDispatch, DISPATCH_ROLES, isRider, OPEN_DELIVERY_STATUSES } from './dispatch-access';
import { deliveryStatusValues, StaffAccess, StaffRole, staffRoleValues } from './enums';
import { deliveryLifecycle } from './lifecycles/delivery';
import { isFinal } from './lifecycles/lifecycle';

const staff = [StaffAccess.Staff];

describe('who dispatches home deliveries', () => {
  it('is the listed roles, and anyone with CEO or Manager access; never a rider, cashier or accountant', () => {
    const dispatching = staffRoleValues.filter((role) => canDispatch({ role, access: staff }));
    expect(dispatching.sort()).toEqual([...DISPATCH_ROLES].sort());
    for (const role of [StaffRole.DeliveryPerson, StaffRole.Cashier, StaffRole.AccountantAndHR]) {
      expect(canDispatch({ role, access: staff }), role).toBe(false);
    }
    expect(canDispatch({ role: StaffRole.Cashier, access: [StaffAccess.Manager] })).toBe(true);
    expect(canDispatch({ role: StaffRole.Cashier, access: [StaffAccess.Admin] })).toBe(false);
  });

  it('assigns only a Delivery Person', () => {
    expect(staffRoleValues.filter((role) => isRider({ role }))).toEqual([StaffRole.DeliveryPerson]);
  });

  it('keeps on the board exactly the statuses that are not final', () => {
    expect([...OPEN_DELIVERY_STATUSES].sort()).toEqual(
      deliveryStatusValues.filter((s) => !isFinal(deliveryLifecycle, s)).sort(),
    );
  });
});
