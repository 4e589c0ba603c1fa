import { Button, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { type FocusEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { PromoBlock } from '../content/promos';
import { usePromoRotation } from '../hooks/use-promo-rotation';
import classes from './promo-carousel.module.css';

/**
 * A promotional block (SPEC §2): four slides that rotate every 5 s, dot buttons to jump, and its
 * call to action. Rotation pauses while hovered or focused, when stopped, and under reduced motion;
 * screen readers hear slide changes only while it is not rotating by itself (WAI carousel pattern).
 */
export function PromoCarousel({ block }: { block: PromoBlock }) {
  const headingId = useId();
  const reducedMotion = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped || reducedMotion;
  const { index, goTo } = usePromoRotation(block.slides.length, paused);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={classes.block}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-paused={paused || undefined}
    >
      <Title order={2} id={headingId} className={classes.heading}>
        {block.heading}
      </Title>
      <p className={classes.intro}>{block.text}</p>
      <div className={classes.viewport} aria-live={paused ? 'polite' : 'off'}>
        {block.slides.map((slide, i) => (
          <div
            key={slide.title}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${block.slides.length}: ${slide.title}`}
            hidden={i !== index}
          >
            <img
              className={classes.slideImage}
              src={slide.image}
              alt=""
              width={480}
              height={270}
              loading="lazy"
              decoding="async"
            />
            <div className={classes.slideBody}>
              <h3 className={classes.slideTitle}>{slide.title}</h3>
              <p className={classes.slideText}>{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className={classes.controls}>
        <div className={classes.dots} role="group" aria-label={`Choose a slide of ${block.heading}`}>
          {block.slides.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              className={classes.dot}
              aria-label={`Show slide ${i + 1}: ${slide.title}`}
              aria-pressed={i === index}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
        {!reducedMotion && (
          <button type="button" className={classes.pause} onClick={() => setStopped((s) => !s)}>
            {stopped ? 'Play slides' : 'Pause slides'}
          </button>
        )}
      </div>
      <Button component={Link} to={block.cta.to} size="md">
        {block.cta.label}
      </Button>
    </section>
  );
}
