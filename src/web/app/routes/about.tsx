import { AboutPage } from '../../features/marketing/components/about-page';

export function Component() {
  return <AboutPage />;
}
