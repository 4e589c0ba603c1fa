import rideSvg from '../../../../../public/images/service-ride.svg?raw';
import { staticPageMeta } from '../content/static-page-meta';
import { useDocumentTitle } from '../hooks/use-document-title';

import { PageHero } from './page-hero';
import { CallToAction, PageSection, ReasonCards } from './page-sections';

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
        cta={{ to: '/rider/auth', label: 'Sign Up to Ride' }}
      />
      <PageSection title="Why ride with Arrive">
        <ReasonCards items={reasons} columns={4} />
        <CallToAction
          heading="Your first ride is minutes away"
          text="Create your rider account with your phone number and email."
          to="/rider/auth"
          action="Get Started"
          style={{ marginTop: 'var(--mantine-spacing-xl)' }}
        />
      </PageSection>
    </>
  );
}
