import { z } from 'zod';

/** How a client is told: a text message, or a Web Push notification on a device they allowed. */
export const NotificationChannel = { Sms: 'sms', Push: 'push' } as const;
export type NotificationChannel = (typeof NotificationChannel)[keyof typeof NotificationChannel];

/** The moments a client is told about (order and payment events, and the scheduled reminders). */
export const NotificationKind = {
  /** Paid; for a pickup order also "ready for pickup" with the pickup code. */
  OrderPaid: 'order-paid',
  OutForDelivery: 'out-for-delivery',
  Delivered: 'delivered',
  PickedUp: 'picked-up',
  Refund: 'refund',
  /** A paid order's delivery cancelled by Arrive: the order is cancelled and its money refunded. */
  DeliveryCancelled: 'delivery-cancelled',
  /** Staff moved the order to another gas center: where it is collected, or delivered from, now. */
  OrderMoved: 'order-moved',
  CylinderExpiry: 'cylinder-expiry',
  RefillReminder: 'refill-reminder',
} as const;
export type NotificationKind = (typeof NotificationKind)[keyof typeof NotificationKind];

/** The switches of Settings → Notifications. */
export const notificationSettingsSchema = z.object({
  sms: z.boolean(),
  push: z.boolean(),
  cylinderReminders: z.boolean(),
  refillReminders: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsUpdateSchema = notificationSettingsSchema.partial().strict();
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** The settings, how many devices get push, and the server's VAPID key (null: push is off here). */
export const notificationSettingsViewSchema = notificationSettingsSchema.extend({
  pushDevices: z.number().int(),
  vapidPublicKey: z.string().nullable(),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsViewSchema>;

const base64url = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionInputSchema = z.object({
  /** A browser push service's https address (the server refuses any other). */
  endpoint: z.url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(1000) });
