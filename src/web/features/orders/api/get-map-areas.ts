import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mapAreasSchema } from '../../../../domain/schemas/map';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

export type MapAreas = z.infer<typeof mapAreasSchema>;

/** GET /api/map/areas: the Lagos areas the address form suggests. */
export const getMapAreas = () => api.get<MapAreas>('map/areas');

export const mapAreasQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.areas(), queryFn: getMapAreas, staleTime: Number.POSITIVE_INFINITY });
