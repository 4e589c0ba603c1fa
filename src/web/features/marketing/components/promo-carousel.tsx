import { Button, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import type { PromoBlock } from '../content/promos';
import { DecorativeImage } from './decorative-image';
import classes from './promo-carousel.module.css';

/**
 * A promotional block: four slides, dot buttons to jump, a pause button and its call to
 * action. This is markup only, the same in the prerendered HTML and in the app: the first slide
 * shows, and the `carousel` enhancer (enhance/carousel.ts) rotates it, answers the dots and pauses.
 */
export function PromoCarousel({ block }: { block: PromoBlock }) {
  const headingId = useId();

  return (
    <section
      className={classes.block}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-enhance="carousel"
    >
      <Title order={2} id={headingId} className={classes.heading}>
        {block.heading}
      </Title>
      <p className={classes.intro}>{block.text}</p>
      <div className={classes.viewport} aria-live="off" data-slides>
        {block.slides.map((slide, i) => (
          <div
            key={slide.title}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${block.slides.length}: ${slide.title}`}
            hidden={i !== 0}
            data-slide
          >
            <DecorativeImage className={classes.slideImage} src={slide.image} width={480} height={270} lazy />
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
              aria-pressed={i === 0}
              data-slide-dot={i}
            />
          ))}
        </div>
        {/* Hidden by the enhancer under reduced motion, where nothing rotates. */}
        <button type="button" className={classes.pause} data-carousel-toggle>
          <span data-label="pause">Pause slides</span>
          <span data-label="play" hidden>
            Play slides
          </span>
        </button>
      </div>
      <Button component={Link} to={block.cta.to} size="md" className={classes.cta}>
        {block.cta.label}
      </Button>
    </section>
  );
}
