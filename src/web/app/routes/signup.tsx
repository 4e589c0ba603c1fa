import { Container } from '@mantine/core';
import { MobileNumberForm } from '../../features/auth/components/mobile-number-form';

export function Component() {
  return (
    <Container size="xs" py={{ base: 'lg', sm: 48 }} px="md">
      <MobileNumberForm mode="signup" />
    </Container>
  );
}
