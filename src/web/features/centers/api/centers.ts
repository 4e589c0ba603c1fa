// The gas centers without the app's query cache: the app's screens (get-centers.ts) and an
// order's first view (app/first-views) read them the same way. No React here.
import type { Center, CenterList, NewCenterBody, UpdateCenterBody } from '../../../../domain/schemas/center';
import type { MoveOrderBody, OrderMoved } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';

/** GET /api/centers (public): every gas center, by name. */
export const getCenters = () => api.get<CenterList>('centers').then((list) => list.centers);

/** POST /api/centers (CEO access): a new center. */
export const createCenter = (body: NewCenterBody, idempotencyKey: string) =>
  api.post<Center>('centers', body, { idempotencyKey });

/** PUT /api/centers/{id} (CEO, or a Manager who works there): only the fields that changed. */
export const updateCenter = (id: string, body: UpdateCenterBody, idempotencyKey: string) =>
  api.put<Center>(`centers/${encodeURIComponent(id)}`, body, { idempotencyKey });

/**
 * POST /api/admin/orders/{id}/move (Manager or CEO): the order goes to another gas center, with
 * the reason; the answer says whether the client's text went out.
 */
export const moveOrderToCenter = (orderId: string, body: MoveOrderBody, idempotencyKey: string) =>
  api.post<OrderMoved>(`admin/orders/${encodeURIComponent(orderId)}/move`, body, { idempotencyKey });
