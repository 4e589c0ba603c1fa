// API paths: api/{group}/{action}, served under /api/{group}/{action}.

export const API_GROUPS = [
  'address',
  'admin',
  'client',
  'auth',
  'cylinder',
  'delivery',
  'map',
  'order',
  'payment',
  'pickup',
  'product',
  'quota',
  'sales',
  'shift',
  'staff',
  'supplier',
  'supply',
  'wallet',
  'upload',
  'app',
] as const;
export type ApiGroup = (typeof API_GROUPS)[number];

/** Sandbox-only developer calls (GET /api/dev/outbox); a production server has none. */
export const DEV_API_GROUP = 'dev';

/**
 * `/api/${group}/${action}`. The action may contain sub-paths ("cancel/42"); the caller encodes
 * any path parameters. An empty action gives the group's root, `/api/${group}`.
 */
export function apiPath(group: ApiGroup | typeof DEV_API_GROUP, action = ''): string {
  const a = action.replace(/^\/+/, '');
  return a ? `/api/${group}/${a}` : `/api/${group}`;
}

/** The server-relative form, `/${group}/${action}` (routes registered under the /api prefix). */
export function serverPath(group: ApiGroup | typeof DEV_API_GROUP, action = ''): string {
  return apiPath(group, action).slice('/api'.length);
}
