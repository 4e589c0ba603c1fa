import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isRider } from '../../../../domain/dispatch-access';
import type { StaffAccess, StaffRole } from '../../../../domain/enums';
import { paths } from '../../../lib/paths';
import { canOpen, type MenuEntry } from './menu-access';

const d = paths.dashboard;

/**
 * The dashboard side menu, in its order, showing only the pages the member may open: each page's
 * call as the scopes table (src/domain/staff-scopes.ts) allows it (menu-access.ts).
 */
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
  const may = (entry: MenuEntry) => canOpen(access, entry, role);
  return (
    <Stack gap={2} component="nav" aria-label="Dashboard">
      {link('Dashboard', d.root.getHref())}
      {may('orders') && (
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
      )}
      {may('sales') && link('Sales', d.sales.getHref())}
      {may('updateData') && link('Update data', d.updateData.getHref())}
      {may('addStaff') && link('Add staff', d.addStaff.getHref())}
      {may('pickup') && link('Pick up', d.pickup.getHref())}
      {/* Home deliveries: the board for dispatchers, the rider's own list for a Delivery Person. */}
      {may('dispatch') && link('Dispatch', d.dispatch.getHref())}
      {role && isRider({ role }) && link('My deliveries', d.myDeliveries.getHref())}
      {may('shift') && link('Shift', d.shift.getHref())}
      {/* The counter's walk-in sale and the cash drawers report. */}
      {may('sell') && link('Sell', d.sell.getHref())}
      {may('drawers') && link('Cash drawers', d.drawers.getHref())}
      {may('leads') && link('Leads', d.leads.getHref())}
      {may('paymentProblems') && link('Payment problems', d.paymentProblems.getHref())}
      {may('audit') && link('Audit trail', d.audit.getHref())}
      {may('centers') && link('Gas centers', d.centers.getHref())}
      {may('transfers') && link('Transfers', d.transfers.getHref())}
    </Stack>
  );
}
