import { RiderPage } from '../../features/marketing/components/rider-page';

export function Component() {
  return <RiderPage />;
}
