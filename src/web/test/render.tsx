// The one way web tests render: through the app's providers (AppProvider: Mantine with the theme,
// notifications, TanStack Query with the app's defaults) and a memory router, as screens run for
// real. API calls are answered with `fakeApi` (./fake-api).

import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';

/** Where the memory router starts: a path, or a location with navigation state. */
export type Entry = string | { pathname: string; search?: string; state?: unknown };

export type RenderOptions = {
  /** The location to start at; '/' by default. */
  path?: Entry;
  /**
   * The route pattern the element is mounted at (e.g. '/payment/:id'). Any other location shows a
   * stand-in, `data-testid="location"`, carrying the path and its state, to assert navigation.
   * Without it the element answers every path.
   */
  route?: string;
  queryClient?: QueryClient;
};

/** The stand-in for every other route: where the screen navigated to, and with what state. */
function WhereAmI() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/**
 * Renders an element (or a whole route tree, for layouts and guards) inside the app's providers.
 * Returns Testing Library's result with the router and the query client.
 */
export function renderWithProviders(ui: ReactElement | RouteObject[], options: RenderOptions = {}) {
  const { path = '/', route, queryClient = createQueryClient() } = options;
  const routes: RouteObject[] = Array.isArray(ui)
    ? ui
    : route
      ? [
          { path: route, element: ui },
          { path: '*', element: <WhereAmI /> },
        ]
      : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
