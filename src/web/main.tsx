// The app shell's script (dist/shell.html: every screen that is not a prerendered public page).
// The app's code (React, the router, Mantine) is a separate chunk, so these styles and the install
// offer's listener are in place while it loads.
import './features/marketing/styles/critical-styles';
import { captureInstallPrompt } from './features/marketing/install/install-prompt';
import { afterFirstPaint } from './lib/after-first-paint';
import { preloadAppCode } from './lib/app-code-preload';
import { startEarlyReads } from './lib/early-reads';

// The browser's install offer can come early: keep it for the 'Download the app' button.
captureInstallPrompt();
// The sign-in check and the screen's first reads go out now, not once the app's code is here.
startEarlyReads(window.location.pathname);

// Paint first, then run: the prerendered shell is on screen before the app's code is evaluated,
// even when that code is already here (a fast network, the service worker's cache). Its files are
// fetched meanwhile (the shell preloads them). The mark tells when the screen's code was asked to run.
// A page with nothing prerendered in it (dist/shell.html, for the few screens without a shell)
// has nothing to paint first: it runs at once.
// The code is evaluated in two tasks, the packages then the app, with a turn of the event loop
// between them: as one task, a tap on a slow phone would wait until both had run.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
let app: Promise<void> | null = null;
const runApp = () => {
  if (app) return app;
  // A staff view's page names the app's files: asked for together, not one import after another.
  preloadAppCode();
  app = import('./framework')
    .then(nextTask)
    .then(() => import('./entry-client'))
    .then((entry) => entry.start());
  // Loading failed (a network gone mid-way): the next call tries again.
  app.catch(() => {
    app = null;
  });
  return app;
};
// A screen whose first view runs without the app (the shop, the history, an order, the wallet: app/first-views) draws
// itself from its own few kilobytes and runs the app when the client needs it; the staff's counter
// (from the tablet's copies) and dispatch board (from the page's first reads) draw themselves and
// run the app at once.
const light = document.getElementById('root')?.dataset.light;
const start = () => {
  performance.mark('arrive:app-code');
  if (light === 'shop' || light === 'history' || light === 'order' || light === 'wallet')
    void import('./app/first-views/first-view').then((first) => first.startFirstView(light, runApp), runApp);
  else if (light === 'counter' || light === 'dispatch' || light === 'shift')
    void import('./app/first-views/staff-view').then((staff) => staff.startStaffView(light, runApp), runApp);
  else void runApp();
};
// The shift screen's view reads the tablet's copies before it draws: started at once, the reads
// overlap the shell's first paint instead of following it (the app, when the screen is the
// app's, still follows the paint: app/first-views/shift-view.ts).
if (document.getElementById('root')?.hasAttribute('data-app-shell') && light !== 'shift') afterFirstPaint(start);
else start();
