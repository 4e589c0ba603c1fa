import { DriverInfoPage } from '../../features/marketing/components/driver-info-page';

export function Component() {
  return <DriverInfoPage />;
}
