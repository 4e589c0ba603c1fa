import { HomePage } from '../../features/marketing/components/home-page';

export function Component() {
  return <HomePage />;
}
