import { EnhancedPage } from '../../features/marketing/components/enhanced-page';
import { HomePage } from '../../features/marketing/components/home-page';

export function Component() {
  return (
    <EnhancedPage>
      <HomePage />
    </EnhancedPage>
  );
}
