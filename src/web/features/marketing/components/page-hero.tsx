import { Button, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HeroArt } from './hero-art';
import classes from './marketing.module.css';

type PageHeroProps = {
  title: string;
  lead: ReactNode;
  /** The page's illustration, inlined (an SVG file imported with `?raw`). */
  art: { svg: string; label: string };
  /** The one call to action under the lead, as a large button… */
  cta?: { to: string; label: string };
  /** …or other calls to action. */
  children?: ReactNode;
};

/** The top of the home, rider and driver pages: headline, lead, calls to action and illustration. */
export function PageHero({ title, lead, art, cta, children }: PageHeroProps) {
  return (
    <div className={classes.hero}>
      <Container size="lg" className={classes.heroGrid}>
        <div>
          <h1 className={classes.heroTitle}>{title}</h1>
          <p className={classes.lead}>{lead}</p>
          {cta && (
            <Button component={Link} to={cta.to} size="lg">
              {cta.label}
            </Button>
          )}
          {children}
        </div>
        <HeroArt svg={art.svg} label={art.label} />
      </Container>
    </div>
  );
}
