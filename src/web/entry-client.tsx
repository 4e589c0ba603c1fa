// The app itself: started by main.tsx in the app shell (dist/shell.html). The prerendered public
// pages do not load it: they run marketing.ts.
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { primeFirstReads } from './app/first-reads';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { AppReady } from './app-ready';
import { isMarketingPath } from './features/marketing/content/marketing-paths';
import { registerServiceWorkerWhenIdle } from './lib/pwa';
import { createQueryClient } from './lib/query-client';
import { tellWorkerTheAppRuns } from './lib/staff-code';

let fullStyles: Promise<unknown> | null = null;
/** The Mantine sheets of the app's components (full-styles.ts), once, for any screen outside the public site. */
const loadFullStyles = () => {
  fullStyles ??= import('./features/marketing/styles/full-styles');
  return fullStyles;
};

const normalizePath = (path: string) => path.replace(/(.)\/+$/, '$1');

/**
 * The app's routes with every non-marketing lazy route waiting for those sheets as well as
 * its code, so no screen ever renders unstyled.
 */
function withFullStyles(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const children = route.children ? withFullStyles(route.children) : undefined;
    const lazy = route.lazy;
    const marketing = route.path !== undefined && isMarketingPath(route.path);
    if (typeof lazy !== 'function' || marketing) return { ...route, children } as RouteObject;
    return {
      ...route,
      children,
      lazy: async () => {
        const [module] = await Promise.all([lazy(), loadFullStyles()]);
        return module;
      },
    } as RouteObject;
  });
}

/** Loads the route modules of the first screen before the first render. */
async function resolveInitialRoutes(appRoutes: RouteObject[]) {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/** Renders the app into the root, replacing the screen's prerendered shell if it has one. */
export async function start() {
  const container = document.getElementById('root') as HTMLElement;
  const path = normalizePath(window.location.pathname);
  tellWorkerTheAppRuns();
  if (!isMarketingPath(path)) void loadFullStyles();

  const appRoutes = withFullStyles(routes);
  // Loading the first screen's code up front also spares the router a blank fallback render.
  await resolveInitialRoutes(appRoutes);
  // And its data, when the shell's early reads have brought it: the screen's first drawing is then
  // its content, not a loader.
  const queryClient = createQueryClient();
  await primeFirstReads(queryClient, appRoutes, window.location);
  const router = createBrowserRouter(appRoutes);
  // A safety net for routes that are not lazy functions: style them before they show.
  router.subscribe((state) => {
    const next = state.navigation.location ?? state.location;
    if (!isMarketingPath(normalizePath(next.pathname))) void loadFullStyles();
  });

  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
        <AppReady />
      </AppProvider>
    </StrictMode>
  );
  registerServiceWorkerWhenIdle();
  // React clears the container in the same commit that draws the app, so an app screen's
  // prerendered shell stays on screen until the app replaces it with the same layout. Drawn as a
  // transition, the first render comes in slices a cheap phone can answer a tap between, instead
  // of one long task.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
