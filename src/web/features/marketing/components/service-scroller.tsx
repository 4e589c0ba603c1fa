import { Button, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { serviceCards } from '../content/services';
import { DecorativeImage } from './decorative-image';
import classes from './service-scroller.module.css';

/**
 * The home page's horizontally scrolling service list. Markup only: the `scroller`
 * enhancer (enhance/scroller.ts) moves it with the arrows and keys and disables an arrow at its
 * edge; until it has measured, the list starts at its left edge.
 */
export function ServiceScroller() {
  const headingId = useId();
  const trackId = useId();

  return (
    <section aria-labelledby={headingId} data-enhance="scroller">
      <div className={classes.header}>
        <Title order={2} id={headingId}>
          Our services
        </Title>
        <div className={classes.arrows}>
          <button
            type="button"
            className={classes.arrow}
            aria-label="Scroll services left"
            aria-controls={trackId}
            disabled
            data-scroll="back"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={classes.arrow}
            aria-label="Scroll services right"
            aria-controls={trackId}
            data-scroll="forward"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div
        id={trackId}
        className={classes.track}
        role="region"
        aria-label="Services (scrolls sideways)"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        data-scroll-track
      >
        <ul className={classes.list}>
          {serviceCards.map((card) => (
            <li key={card.to} className={classes.card}>
              <DecorativeImage className={classes.image} src={card.image} width={320} height={180} lazy />
              <div className={classes.body}>
                <h3 className={classes.title}>{card.title}</h3>
                <p className={classes.description}>{card.description}</p>
                <Button
                  component={Link}
                  to={card.to}
                  variant="light"
                  className={classes.go}
                  aria-label={`Go to Service: ${card.title}`}
                >
                  Go to Service
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
