// The app shell's script (dist/shell.html: every screen that is not a prerendered public page).
// The app's code (React, the router, Mantine) is a separate chunk, so these styles and the install
// offer's listener are in place while it loads.
import './features/marketing/styles/critical-styles';
import { captureInstallPrompt } from './features/marketing/install/install-prompt';

// The browser's install offer can come early: keep it for the 'Download the app' button.
captureInstallPrompt();

void import('./entry-client').then((app) => app.start());
