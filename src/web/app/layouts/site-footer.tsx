import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const columns = [
  {
    title: 'Our Services',
    links: [
      { label: 'Home Delivery', to: '/home-delivery' },
      { label: 'ride', to: '/ride' },
      { label: 'Own a Restaurant', to: '/restaurant' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help centre', to: '/service-1' },
      { label: 'Safety', to: '/service-2' },
    ],
  },
  { title: 'Contact', links: [] },
];

/** The footer of SPEC §2: Our Services, Support and Contact columns. */
export function SiteFooter() {
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-default-border)', marginTop: 'auto' }}>
      <Container size="lg" py="lg">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="lg">
          {columns.map((column) => (
            <Stack key={column.title} gap={6}>
              <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                {column.title}
              </Title>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} fz="sm" c="dark.6">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text fz="xs" c="dimmed" mt="lg">
          © {new Date().getFullYear()} Arrive. Ride smarter, arrive faster.
        </Text>
      </Container>
    </footer>
  );
}
