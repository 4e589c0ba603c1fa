import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { staticPageMeta } from '../content/static-page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';
import classes from './marketing.module.css';

const values = [
  {
    title: 'Built for real networks',
    text: 'Arrive loads fast on a basic phone and keeps working when the signal drops.',
  },
  { title: 'Fair to drivers and partners', text: 'Clear earnings, weekly payment and support that answers.' },
  { title: 'Safe by default', text: 'Verified drivers, recorded trips and inspected gas cylinders.' },
] as const;

/** /about: title and description. */
export function AboutPage() {
  useDocumentTitle(staticPageMeta['/about'].title);
  return (
    <Container size="md" className={classes.section}>
      <Title order={1}>About Arrive</Title>
      <Text size="lg" mt="md">
        Arrive moves people, food, groceries and cooking gas across Nigerian cities. Clients book rides and deliveries,
        order gas and pick it up at our gas center; drivers and partners earn with us every week.
      </Text>
      <Text mt="sm">
        We started with cooking gas, the one thing every home needs, and grew into rides and deliveries with the same
        promise: a fair price shown upfront, and people who show up.
      </Text>
      <ul className={classes.cards} data-columns="3" style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
        {values.map((v) => (
          <li key={v.title} className={classes.card}>
            <h2 style={{ margin: '0 0 4px', fontSize: 'var(--mantine-font-size-lg)' }}>{v.title}</h2>
            <p>{v.text}</p>
          </li>
        ))}
      </ul>
      <Text mt="xl">
        Want to work with us?{' '}
        <Anchor component={Link} to="/driver/info" underline="always">
          Drive with Arrive
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/restaurant-partner" underline="always">
          become a food partner
        </Anchor>
        .
      </Text>
    </Container>
  );
}
