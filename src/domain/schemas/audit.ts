// The audit trail: what staff did to money, stock and goods, read by the CEO and Managers. The
// web's filter and the server's query use the same schemas.
import { z } from 'zod';

/** Every kind of recorded action, with the words a person reads for it. */
export const auditActionLabels = {
  'sale.walk_in': 'Walk-in sale',
  'sale.refund': 'Refund',
  'pickup.handover': 'Hand-over',
  'pickup.approval': 'Approval',
  'product.created': 'Product added',
  'product.price': 'Price change',
  'product.center_price': 'Gas center price change',
  'stock.changed': 'Stock or daily limit change',
  'stock.transfer_sent': 'Stock sent to another center',
  'stock.transfer_received': 'Stock transfer received',
  'stock.transfer_cancelled': 'Stock transfer cancelled',
  'supply.received': 'Supply received',
  'supply.changed': 'Supply status change',
  'staff.created': 'Staff added',
  'staff.changed': 'Staff changed',
  'dispatch.assigned': 'Delivery assigned',
  'dispatch.reassigned': 'Delivery reassigned',
  'dispatch.status': 'Delivery status change',
  'shift.started': 'Shift started',
  'shift.ended': 'Shift ended',
  'order.cancelled': 'Order cancelled by staff',
  'order.moved': 'Order moved to another gas center',
  'center.created': 'Gas center added',
  'center.changed': 'Gas center changed',
} as const;

export type AuditAction = keyof typeof auditActionLabels;
export const auditActionValues = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

const dateKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

/** GET /api/audit and /api/audit/export: Lagos calendar days, one staff member, one kind. */
export const auditFilterSchema = z.object({
  fromDate: dateKey.optional(),
  toDate: dateKey.optional(),
  staffId: z.uuid('Unknown staff member').optional(),
  action: z.enum(auditActionValues).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  action: z.enum(auditActionValues),
  /** What was acted on, as a person finds it: an order number, a product, a staff member. */
  subject: z.string().nullable(),
  /** The before/after, or the key figures of the action. */
  changes: z.record(z.string(), z.unknown()),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  deviceId: z.string().nullable(),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditListSchema = z.object({
  events: z.array(auditEventSchema),
  total: z.number().int(),
  /** Everyone who acted in these dates (whatever the other filters), by the name they had last. */
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
  fromDate: z.string(),
  toDate: z.string(),
});
export type AuditList = z.infer<typeof auditListSchema>;
