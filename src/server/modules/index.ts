import type { FastifyPluginAsync } from 'fastify';
import addressRoutes from './address/routes';
import adminRoutes from './admin/routes';
import appRoutes from './app/routes';
import auditRoutes from './audit/routes';
import authRoutes from './auth/routes';
import centersRoutes from './centers/routes';
import clientRoutes from './client/routes';
import cylinderRoutes from './cylinder/routes';
import deliveryRoutes from './delivery/routes';
import leadsRoutes from './leads/routes';
import mapRoutes from './map/routes';
import orderRoutes from './order/routes';
import paymentRoutes from './payment/routes';
import pickupRoutes from './pickup/routes';
import productRoutes from './product/routes';
import quotaRoutes from './quota/routes';
import salesRoutes from './sales/routes';
import shiftRoutes from './shift/routes';
import staffRoutes from './staff/routes';
import supplierRoutes from './supplier/routes';
import supplyRoutes from './supply/routes';
import uploadRoutes from './upload/routes';
import walletRoutes from './wallet/routes';

/**
 * Every API area, mounted at /api/{group}: one entry per group, served by the module of that name
 * (its routes.ts registers the module's other routes files), whose handlers call the services of
 * the modules that own the behaviour (scripts/check-imports.mjs holds the registry to this).
 */
export const apiModules: { group: string; routes: FastifyPluginAsync }[] = [
  { group: 'address', routes: addressRoutes },
  { group: 'admin', routes: adminRoutes },
  { group: 'app', routes: appRoutes },
  { group: 'audit', routes: auditRoutes },
  { group: 'auth', routes: authRoutes },
  { group: 'centers', routes: centersRoutes },
  { group: 'client', routes: clientRoutes },
  { group: 'cylinder', routes: cylinderRoutes },
  { group: 'delivery', routes: deliveryRoutes },
  { group: 'leads', routes: leadsRoutes },
  { group: 'map', routes: mapRoutes },
  { group: 'order', routes: orderRoutes },
  { group: 'payment', routes: paymentRoutes },
  { group: 'pickup', routes: pickupRoutes },
  { group: 'product', routes: productRoutes },
  { group: 'quota', routes: quotaRoutes },
  { group: 'sales', routes: salesRoutes },
  { group: 'shift', routes: shiftRoutes },
  { group: 'staff', routes: staffRoutes },
  { group: 'supplier', routes: supplierRoutes },
  { group: 'supply', routes: supplyRoutes },
  { group: 'upload', routes: uploadRoutes },
  { group: 'wallet', routes: walletRoutes },
];

/** Development-only calls (the SMS outbox, simulated transfers), mounted in sandbox mode at /api/dev. */
export { default as devRoutes } from './dev/routes';
