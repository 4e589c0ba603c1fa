// `/products` without the app, until the client needs it (README "Performance"). A signed-in
// client lands on the shop, and the app's code (React, the router, Mantine: about 150 KB brotli
// before any screen) took seconds on a 2G phone before the first tap was answered. This first view,
// a few kilobytes, signs the header in, draws the shop (features/orders/light) and hands the page
// to the app when the shop asks for it, or at once when it cannot answer itself: no sign-in (the
// app's guard sends the visitor to sign in and back), or no catalogue on the network or the device
// (the app says why).
import { getAuth } from '../../features/auth/api/check-sign-in';
import { enhanceSiteHeader } from '../../features/marketing/enhance/site-header';
import { type RunApp, readCatalogue, runShop } from '../../features/orders/light/shop-light';
import { registerServiceWorkerWhenIdle } from '../../lib/pwa';
import { handleLogout, showNavigationFor } from '../layouts/signed-in-header';

export async function startShop(runApp: RunApp): Promise<void> {
  const header = document.querySelector<HTMLElement>('header[data-enhance="site-header"]');
  const screen = document.querySelector<HTMLElement>('#main > [aria-busy="true"]');
  if (!header || !screen) return runApp();
  const answers = await Promise.all([getAuth(), readCatalogue()]).catch(() => null);
  const [auth, catalogue] = answers ?? [null, null];
  if (!auth?.isLogin || !catalogue) return runApp();

  showNavigationFor(header, auth);
  const cleanups = [enhanceSiteHeader(header), handleLogout(), followDeviceScheme()];
  runShop({ screen, clientId: auth.clientId, catalogue, runApp, cleanups });
  // Browser journeys wait for this mark before they use the page; `npm run audit` times it.
  document.documentElement.setAttribute('data-app-ready', '');
  performance.mark('arrive:interactive');
  registerServiceWorkerWhenIdle();
}

/**
 * The colour scheme follows the device's while the client has not picked one in Settings, as the
 * app's provider does (the page's inline script set it at the start).
 */
function followDeviceScheme(): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    let picked: string | null = null;
    try {
      picked = localStorage.getItem('mantine-color-scheme-value');
    } catch {
      // no storage: the device decides
    }
    if (picked === 'light' || picked === 'dark') return;
    document.documentElement.setAttribute('data-mantine-color-scheme', media.matches ? 'dark' : 'light');
  };
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
