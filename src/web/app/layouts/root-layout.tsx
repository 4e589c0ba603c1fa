import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { OfflineBanner } from '../../components/offline-banner';
import { UpdatePrompt } from '../../components/update-prompt';
import { PickupConfirmationListener } from '../../features/pickup/components/pickup-confirmation-listener';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Every page: the header (hidden under /dashboard, SPEC §2), the page, the footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  const inDashboard = pathname.startsWith('/dashboard');
  return (
    <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <OfflineBanner />
      {!inDashboard && <SiteHeader />}
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      {!inDashboard && <SiteFooter />}
      <UpdatePrompt />
      <PickupConfirmationListener />
      <ScrollRestoration />
    </Box>
  );
}
