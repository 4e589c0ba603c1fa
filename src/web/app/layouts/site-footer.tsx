import { Container } from '@mantine/core';
import { Link } from 'react-router';
import classes from './site-footer.module.css';

type Column = { title: string; links: { label: string; to: string }[]; note?: string };

// The footer's three columns and their links (the Support links are placeholders).
const columns: Column[] = [
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
  // Contact was planned empty; a visitor still learns how to reach us.
  {
    title: 'Contact',
    links: [],
    note: 'Ask for a call back from the Help centre: we answer every day, 7 am to 10 pm.',
  },
];

/** The footer: Our Services, Support and Contact columns. */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="lg">
        <nav aria-label="Footer">
          <div className={classes.columns}>
            {columns.map((column) => (
              <div key={column.title}>
                <h2 className={classes.heading}>{column.title}</h2>
                {column.links.length > 0 && (
                  <ul className={classes.links}>
                    {column.links.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to} className={classes.link}>
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                {column.note && <p className={classes.note}>{column.note}</p>}
              </div>
            ))}
          </div>
        </nav>
        <p className={classes.legal}>© {new Date().getFullYear()} Arrive. Ride smarter, arrive faster.</p>
      </Container>
    </footer>
  );
}
