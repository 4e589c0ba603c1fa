import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { OfflineBanner } from '../../components/offline-banner';
import { OptionalPart } from '../../components/optional-part';
import { UpdatePrompt } from '../../components/update-prompt';
import { isMarketingPath } from '../../features/marketing/content/marketing-paths';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// The pickup confirmation listens on the realtime socket: its code (the socket client) loads after
// the first screen, not with it, and a page whose listener cannot load goes on without it.
const loadPickupConfirmationListener = () =>
  import('../../features/pickup/components/pickup-confirmation-listener').then((m) => ({
    default: m.PickupConfirmationListener,
  }));

/** Every page: the header (hidden under /dashboard), the page, the footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  const inDashboard = pathname.startsWith('/dashboard');
  // An app screen fills the viewport below the header, so the footer starts below the fold and
  // never moves on screen while the screen's code and data arrive (no layout shift).
  const appScreen = !inDashboard && !isMarketingPath(pathname);
  return (
    <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {/* The dashboard's header is fixed over the page's top: it shows the banner below itself. */}
      {!inDashboard && <OfflineBanner />}
      {!inDashboard && <SiteHeader />}
      <Box component="main" id="main" style={{ flex: 1, minHeight: appScreen ? 'calc(100dvh - 60px)' : undefined }}>
        <Outlet />
      </Box>
      {!inDashboard && <SiteFooter />}
      <UpdatePrompt />
      <OptionalPart load={loadPickupConfirmationListener} retryKey={pathname} />
      <ScrollRestoration />
    </Box>
  );
}
