import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { canDispatch, isRider } from '../../../../domain/dispatch-access';
import type { StaffAccess, StaffRole } from '../../../../domain/enums';
import { paths } from '../../../lib/paths';
import { canOpen } from './menu-access';

const d = paths.dashboard;

/** The dashboard side menu of SPEC §2, in its order, showing only the pages the member's access opens. */
export function SideMenu({
  lastOrderId,
  access,
  role,
  onNavigate,
}: {
  lastOrderId: string | null;
  /** The signed-in member's accesses. */
  access: readonly StaffAccess[];
  /** The member's role: home deliveries are by role (dispatch-access.ts). */
  role?: StaffRole | undefined;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, '');
  const link = (label: string, href: string, exact = true) => (
    <NavLink
      key={href}
      component={Link}
      to={href}
      label={label}
      active={exact ? here === href : here.startsWith(href)}
      onClick={onNavigate}
    />
  );
  const inOrders = here.startsWith(d.orders.getHref());
  return (
    <Stack gap={2} component="nav" aria-label="Dashboard">
      {link('Dashboard', d.root.getHref())}
      <NavLink component="button" type="button" label="Order" defaultOpened={inOrders} childrenOffset="md">
        {link('Orders', d.orders.getHref())}
        {lastOrderId ? (
          link('Detail', d.orderDetail.getHref(lastOrderId))
        ) : (
          <NavLink
            component={Link}
            to={d.orders.getHref()}
            active={false}
            label="Detail"
            aria-label="Detail (open an order from the list)"
            onClick={onNavigate}
          />
        )}
      </NavLink>
      {link('Sales', d.sales.getHref())}
      {canOpen(access, 'updateData') && link('Update data', d.updateData.getHref())}
      {canOpen(access, 'addStaff') && link('Add staff', d.addStaff.getHref())}
      {link('Pick up', d.pickup.getHref())}
      {/* Home deliveries: the board for dispatchers, the rider's own list for a Delivery Person. */}
      {role && canDispatch({ role, access }) && link('Dispatch', d.dispatch.getHref())}
      {role && isRider({ role }) && link('My deliveries', d.myDeliveries.getHref())}
      {link('Shift', d.shift.getHref())}
      {/* The counter's walk-in sale and the cash drawers report. */}
      {canOpen(access, 'sell') && link('Sell', d.sell.getHref())}
      {canOpen(access, 'drawers') && link('Cash drawers', d.drawers.getHref())}
      {canOpen(access, 'leads') && link('Leads', d.leads.getHref())}
      {canOpen(access, 'paymentProblems') && link('Payment problems', d.paymentProblems.getHref())}
    </Stack>
  );
}
