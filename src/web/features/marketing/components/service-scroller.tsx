import { Button, Title } from '@mantine/core';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { serviceCards } from '../content/services';
import { useHorizontalScroller } from '../hooks/use-horizontal-scroller';
import classes from './service-scroller.module.css';

/** The home page's horizontally scrolling service list (SPEC §2): arrows, keys and touch. */
export function ServiceScroller() {
  const trackRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const trackId = useId();
  const { canScrollBack, canScrollForward, scrollByStep, onKeyDown } = useHorizontalScroller(trackRef);

  return (
    <section aria-labelledby={headingId}>
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
            disabled={!canScrollBack}
            onClick={() => scrollByStep(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={classes.arrow}
            aria-label="Scroll services right"
            aria-controls={trackId}
            disabled={!canScrollForward}
            onClick={() => scrollByStep(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div
        id={trackId}
        ref={trackRef}
        className={classes.track}
        role="region"
        aria-label="Services (scrolls sideways)"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="service-track"
      >
        <ul className={classes.list}>
          {serviceCards.map((card) => (
            <li key={card.to} className={classes.card}>
              <img
                className={classes.image}
                src={card.image}
                alt=""
                width={320}
                height={180}
                loading="lazy"
                decoding="async"
              />
              <div className={classes.body}>
                <h3 className={classes.title}>{card.title}</h3>
                <p className={classes.description}>{card.description}</p>
                <Button component={Link} to={card.to} variant="light" aria-label={`Go to Service: ${card.title}`}>
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
