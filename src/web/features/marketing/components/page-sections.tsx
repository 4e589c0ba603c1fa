import { Button, Container, Group, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './marketing.module.css';

/** A band of a landing page under a second-level heading. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="lg" className={classes.section}>
      <Title order={2} mb="md">
        {title}
      </Title>
      {children}
    </Container>
  );
}

/** Short reasons as cards, two to four a row on a wide screen, one a row on a phone. */
export function ReasonCards({ items, columns }: { items: readonly { title: string; text: string }[]; columns: 3 | 4 }) {
  return (
    <ul className={classes.cards} data-columns={columns}>
      {items.map((r) => (
        <li key={r.title} className={classes.card}>
          <h3>{r.title}</h3>
          <p>{r.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The closing band in the brand colour with one button to act on the page. */
export function CallToAction({
  heading,
  text,
  to,
  action,
  style,
}: {
  heading: string;
  text: string;
  to: string;
  action: string;
  style?: CSSProperties;
}) {
  return (
    <div className={classes.highlight} style={style}>
      <h2>{heading}</h2>
      <Text>{text}</Text>
      <Group>
        <Button component={Link} to={to} variant="white" size="lg">
          {action}
        </Button>
      </Group>
    </div>
  );
}
