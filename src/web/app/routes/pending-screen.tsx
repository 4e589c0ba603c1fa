import { Container, Text, Title } from '@mantine/core';

/** A route whose screen is being built: says so plainly rather than showing nothing. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This screen is on its way.
      </Text>
    </Container>
  );
}
