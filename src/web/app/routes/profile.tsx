import { Alert, Center, Container, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../../features/auth/api/profile';
import { DataRightsPanel } from '../../features/auth/components/data-rights-panel';
import { ProfileForm } from '../../features/auth/components/profile-form';

export function Component() {
  const profile = useQuery(profileQueryOptions());
  return (
    <Container size="xs" py={{ base: 'lg', sm: 48 }} px="md">
      {profile.data ? (
        // Keyed by the saved values, so the form starts again from what the server holds.
        <>
          <ProfileForm key={JSON.stringify(profile.data)} profile={profile.data} />
          <DataRightsPanel />
        </>
      ) : profile.isError ? (
        <Alert color="red" role="alert">
          Your profile could not be loaded. Check your connection and try again.
        </Alert>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label="Loading" />
        </Center>
      )}
    </Container>
  );
}
