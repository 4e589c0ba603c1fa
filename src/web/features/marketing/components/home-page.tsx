import { Anchor, Container } from '@mantine/core';
import { Link } from 'react-router';
import heroSvg from '../../../../../public/images/hero.svg?raw';
import { promoBlocks } from '../content/promos';
import { staticPageMeta } from '../content/static-page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';
import { DownloadAppButton } from './download-app-button';

import classes from './marketing.module.css';
import { PageHero } from './page-hero';
import { PromoCarousel } from './promo-carousel';
import { ServiceScroller } from './service-scroller';

/** The home page: headline, download button, services, promotions. */
export function HomePage() {
  useDocumentTitle(staticPageMeta['/'].title);
  return (
    <>
      <PageHero
        title="Ride smarter, arrive faster"
        lead="Rides, deliveries and cooking gas across your city, in one app that works on any phone, even on a weak connection."
        art={{ svg: heroSvg, label: 'An Arrive car and delivery rider on a city street' }}
      >
        <DownloadAppButton />
        <p className={classes.heroLinks}>
          <Anchor component={Link} to="/rider" fw={600}>
            Ride with Arrive
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/driver/info" fw={600}>
            Drive with Arrive
          </Anchor>
        </p>
      </PageHero>
      <Container size="lg" className={classes.section}>
        <ServiceScroller />
      </Container>
      <Container size="lg" className={classes.section}>
        <div className={classes.promoGrid}>
          {promoBlocks.map((block) => (
            <PromoCarousel key={block.id} block={block} />
          ))}
        </div>
      </Container>
    </>
  );
}
