// The prerender entry (scripts/prerender.mjs builds it with Vite for Node): renders one marketing
// route to HTML with the same providers and routes as the browser. The page is not hydrated: its
// behaviour comes from marketing.ts (the enhancers).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { marketingPageMeta } from './features/marketing/content/page-meta';
import { createQueryClient } from './lib/query-client';

export { marketingPageMeta };

/** The route module each marketing page is drawn by, to inline its styles. */
export function routeModuleFor(path: string): string {
  if (path === '/') return 'src/web/app/routes/home.tsx';
  if (path === '/about') return 'src/web/app/routes/about.tsx';
  if (path === '/rider') return 'src/web/app/routes/rider.tsx';
  if (path === '/rider/auth' || path === '/driver/signup') return 'src/web/app/routes/rider-signup.tsx';
  if (path === '/driver/info') return 'src/web/app/routes/driver-info.tsx';
  return 'src/web/app/routes/service-page.tsx';
}

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered with status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}
