import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import rideSvg from '../../../../../public/images/service-ride.svg?raw';
import { staticPageMeta } from '../content/static-page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';

import classes from './marketing.module.css';
import { PageHero } from './page-hero';

const reasons = [
  { title: 'Upfront fares', text: 'See the price before you book. No haggling at the roadside.' },
  { title: 'Verified drivers', text: 'Every driver and vehicle is checked before their first trip.' },
  { title: 'Share your trip', text: 'Send your live trip to family so they know when you arrive.' },
  { title: 'Pay your way', text: 'Cash, card or your Arrive wallet.' },
] as const;

/** /rider: the rider landing page; both buttons lead to /rider/auth. */
export function RiderPage() {
  useDocumentTitle(staticPageMeta['/rider'].title);
  return (
    <>
      <PageHero
        title="Ride with Arrive"
        lead="Safe, affordable rides at the tap of a button: a car or a motorbike at your door in minutes."
        art={{ svg: rideSvg, label: 'A rider stepping into an Arrive car' }}
      >
        <Button component={Link} to="/rider/auth" size="lg">
          Sign Up to Ride
        </Button>
      </PageHero>
      <Container size="lg" className={classes.section}>
        <Title order={2} mb="md">
          Why ride with Arrive
        </Title>
        <ul className={classes.cards} data-columns="4">
          {reasons.map((r) => (
            <li key={r.title} className={classes.card}>
              <h3>{r.title}</h3>
              <p>{r.text}</p>
            </li>
          ))}
        </ul>
        <div className={classes.highlight} style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
          <h2>Your first ride is minutes away</h2>
          <Text>Create your rider account with your phone number and email.</Text>
          <Group>
            <Button component={Link} to="/rider/auth" variant="white" size="lg">
              Get Started
            </Button>
          </Group>
        </div>
      </Container>
    </>
  );
}
