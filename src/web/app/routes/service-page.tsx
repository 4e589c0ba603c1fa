import { useLocation } from 'react-router';
import { isLeadService } from '../../../domain/schemas/leads';
import { EnhancedPage } from '../../features/marketing/components/enhanced-page';
import { ServicePage } from '../../features/marketing/components/service-page';
import { NotFoundScreen } from './not-found';

/** Every service, partner and support page (paths.servicePagePaths): the pathname names the service. */
export function Component() {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  if (!isLeadService(slug)) return <NotFoundScreen />;
  return (
    <EnhancedPage key={slug}>
      <ServicePage service={slug} />
    </EnhancedPage>
  );
}
