// The script of the prerendered public pages (scripts/prerender.mjs puts it there instead of the
// app's main.tsx). React does not run on these pages: the enhancers give the server-rendered
// markup its behaviour, so a phone on a slow network downloads a few kilobytes, not the app.
import { forgetAuth, lastKnownAuth } from './features/auth/api/last-auth';
import { enhance } from './features/marketing/enhance/enhancer';
import { captureInstallPrompt } from './features/marketing/install/install-prompt';
import { registerServiceWorker } from './lib/pwa';

// The browser's install offer can come early: keep it for the 'Download the app' button.
captureInstallPrompt();

/** The header drawn for a visitor turns into the signed-in one if this device is signed in. */
function showSignedInNavigation() {
  const auth = lastKnownAuth();
  if (!auth?.isLogin) return;
  const staff = Boolean(auth.client.staff?.isCurrentStaff);
  for (const element of document.querySelectorAll<HTMLElement>('header [data-nav]')) {
    const audience = element.dataset.nav;
    element.hidden = audience === 'visitor' || (audience === 'staff' && !staff);
  }
  document.addEventListener('click', async (event) => {
    if (!(event.target as Element).closest('[data-logout]')) return;
    const { logout } = await import('./features/auth/api/end-session');
    await logout();
    forgetAuth();
    window.location.assign('/');
  });
}

/** The page's whole stylesheets (its HTML inlines only the rules it paints with): applied now. */
function applyDeferredStyles() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')) link.media = 'all';
}

applyDeferredStyles();
showSignedInNavigation();
void enhance(document.body).then(() => {
  // Browser journeys wait for this mark before they use the page; `npm run audit` times it.
  document.documentElement.setAttribute('data-app-ready', '');
  performance.mark('arrive:interactive');
});
registerServiceWorker();
