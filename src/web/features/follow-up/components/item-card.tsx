import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One thing to follow up: a heading that names the card, a dimmed line under it, its state, then the rest. */
export function ItemCard({
  headingId,
  title,
  meta,
  badge,
  children,
}: {
  headingId: string;
  title: ReactNode;
  meta: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {meta}
            </Text>
          </div>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
