import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { HeroArt } from './hero-art';
import classes from './marketing.module.css';

type PageHeroProps = {
  title: string;
  lead: ReactNode;
  /** The page's illustration, inlined (an SVG file imported with `?raw`). */
  art: { svg: string; label: string };
  /** The calls to action under the lead. */
  children: ReactNode;
};

/** The top of the home, rider and driver pages: headline, lead, calls to action and illustration. */
export function PageHero({ title, lead, art, children }: PageHeroProps) {
  return (
    <div className={classes.hero}>
      <Container size="lg" className={classes.heroGrid}>
        <div>
          <h1 className={classes.heroTitle}>{title}</h1>
          <p className={classes.lead}>{lead}</p>
          {children}
        </div>
        <HeroArt svg={art.svg} label={art.label} />
      </Container>
    </div>
  );
}
