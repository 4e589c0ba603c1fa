import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '../../../../domain/schemas/auth';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { authKeys } from './get-auth';

export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
};

export const getProfile = () => api.get<Profile>('auth/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: getProfile });

export const updateProfile = (update: ProfileUpdate) => api.put<Profile>('auth/profile', update);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.detail(), profile);
      // The names also live in the auth object the header and other screens read.
      void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    },
  });
}
