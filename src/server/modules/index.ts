import type { FastifyPluginAsync } from 'fastify';
import addressRoutes from './address/routes';
import adminRoutes from './admin/routes';
import appRoutes from './app/routes';
import auditRoutes from './audit/routes';
import authRoutes from './auth/routes';
import cylinderRoutes from './cylinder/routes';
import deliveryRoutes from './delivery/routes';
import visitRoutes from './delivery/visit-routes';
import leadsRoutes from './leads/routes';
import mapRoutes from './map/routes';
import notificationRoutes from './notification/routes';
import counterRoutes from './order/counter-routes';
import orderRoutes from './order/routes';
import paymentRoutes from './payment/routes';
import pickupAdminRoutes from './pickup/admin-routes';
import pickupOrderRoutes from './pickup/order-routes';
import pickupRoutes from './pickup/routes';
import privacyRoutes from './privacy/routes';
import productRoutes from './product/routes';
import quotaRoutes from './quota/routes';
import shopRoutes from './quota/shop-routes';
import salesRoutes from './sales/routes';
// counter sales (walk-in sale, cash refund)
import counterSaleRoutes from './sell/routes';
import shiftRoutes from './shift/routes';
import staffRoutes from './shift/staff-routes';
import supplierRoutes from './supplier/routes';
import supplyRoutes from './supply/routes';
import supplierQuotaRoutes from './supply/supplier-quota-routes';
import uploadRoutes from './upload/routes';
import walletPaymentRoutes from './wallet/payment-routes';
import walletRoutes from './wallet/routes';

/**
 * Every API area, mounted at /api/{group}. A group may take routes from several modules:
 * a route lives in the module that owns its behaviour, whatever group its URL is under.
 */
export const apiModules: { group: string; routes: FastifyPluginAsync }[] = [
  { group: 'address', routes: addressRoutes },
  { group: 'admin', routes: adminRoutes },
  { group: 'admin', routes: pickupAdminRoutes },
  { group: 'app', routes: appRoutes },
  { group: 'audit', routes: auditRoutes },
  { group: 'auth', routes: authRoutes },
  { group: 'client', routes: visitRoutes },
  { group: 'client', routes: counterRoutes },
  { group: 'client', routes: counterSaleRoutes },
  { group: 'client', routes: notificationRoutes },
  { group: 'client', routes: privacyRoutes },
  { group: 'cylinder', routes: cylinderRoutes },
  { group: 'delivery', routes: deliveryRoutes },
  { group: 'leads', routes: leadsRoutes },
  { group: 'map', routes: mapRoutes },
  { group: 'order', routes: orderRoutes },
  { group: 'order', routes: pickupOrderRoutes },
  { group: 'payment', routes: paymentRoutes },
  { group: 'payment', routes: walletPaymentRoutes },
  { group: 'pickup', routes: pickupRoutes },
  { group: 'product', routes: productRoutes },
  { group: 'product', routes: shopRoutes },
  { group: 'quota', routes: quotaRoutes },
  { group: 'sales', routes: salesRoutes },
  { group: 'shift', routes: shiftRoutes },
  { group: 'staff', routes: staffRoutes },
  { group: 'supplier', routes: supplierRoutes },
  { group: 'supplier', routes: supplierQuotaRoutes },
  { group: 'supply', routes: supplyRoutes },
  { group: 'upload', routes: uploadRoutes },
  { group: 'wallet', routes: walletRoutes },
];

/** Development-only calls (the SMS outbox, simulated transfers), mounted in sandbox mode at /api/dev. */
export { default as devRoutes } from './dev/routes';
