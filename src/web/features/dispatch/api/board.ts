// The dispatch board's read without the app's query code: the app's query (deliveries.ts) and the
// board's first view (app/first-views) read it the same way.
import type { DispatchBoard } from '../../../../domain/schemas/delivery';
import { api } from '../../../lib/api-client';

/**
 * GET /api/delivery/board: a center's paid deliveries still open and today's finished ones, with
 * its riders. `center` left out: the center of the caller's shift; 'all' (CEO, Manager): every one.
 */
export const getBoard = (center?: string) =>
  api.get<DispatchBoard>('delivery/board', center ? { searchParams: { center } } : undefined);
