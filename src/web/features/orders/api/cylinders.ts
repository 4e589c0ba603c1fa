import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Cylinder, CylinderInput, cylinderListSchema } from '../../../../domain/schemas/cylinder';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { catalogueKeys } from './keys';

export const cylinderKeys = { mine: () => [...catalogueKeys.all, 'cylinders'] as const };

/** GET /api/cylinder/user: the client's cylinders with their safety flags. */
export const getMyCylinders = () => api.get<z.infer<typeof cylinderListSchema>>('cylinder/user');

export const myCylindersQueryOptions = () => queryOptions({ queryKey: cylinderKeys.mine(), queryFn: getMyCylinders });

/** POST /api/cylinder/user. */
export function useAddCylinder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CylinderInput; idempotencyKey: string }) =>
      api.post<Cylinder>('cylinder/user', input, { idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cylinderKeys.mine() }),
  });
}
