import './features/marketing/styles/critical-styles';
import { captureInstallPrompt } from './features/marketing/install/install-prompt';

// The browser's install offer can come early: keep it for the 'Download the app' button.
captureInstallPrompt();

// The prerendered page paints first; the app's code (React, the router, Mantine) is fetched and
// evaluated in a later task, so a slow phone shows the headline without waiting for it. A hidden
// tab gets no animation frames, so it starts at once.
const boot = () => {
  void import('./entry-client').then((app) => app.start());
};
if (document.visibilityState === 'hidden') setTimeout(boot, 0);
else requestAnimationFrame(() => setTimeout(boot, 0));
