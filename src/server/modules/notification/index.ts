// The notification module's face: what other modules may use of it (`import … from '../notification'`). Its other
// files are private; plain re-exports only (scripts/check-imports.mjs).
export { outboxBacklog } from './backlog';
export {
  eraseClientNotifications,
  notificationPreferencesRecord,
  notificationRecords,
  pushSubscriptionRecords,
} from './privacy';
export { registerNotificationRunner } from './runner';
export { budgetStaffNotice, notify, notifySql } from './service';
export {
  forgetPushSubscription,
  keepPushSubscription,
  notificationSettingsOf,
  updateNotificationSettings,
} from './settings';
