// The prerender entry (scripts/prerender.mjs builds it with Vite for Node): renders one marketing
// route to HTML with the same providers and routes as the browser. The page is not hydrated: its
// behaviour comes from marketing.ts (the enhancers). It also renders the app screens' shells: the
// root layout around the screen's skeleton, as the app itself draws it while it checks the sign-in.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { RootLayout } from './app/layouts/root-layout';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { appShells, shellFor } from './app/shells/app-shells';
import { ScreenSkeleton } from './app/shells/screen-skeleton';
import { marketingPageMeta } from './features/marketing/content/page-meta';
import { createQueryClient } from './lib/query-client';

/** The counter's view with sample goods: its page keeps the styles this markup uses (prerender). */
export { boardSampleHtml } from './features/dispatch/light/board-view';
export { counterSampleHtml } from './features/sell/light/counter-view';
export { shiftSampleHtml } from './features/shift/light/shift-view';
export { appShells, marketingPageMeta };

/**
 * The sign-in screens, prerendered like the public pages (their form's behaviour is an enhancer,
 * features/auth/enhance/sign-in-form.ts): a first visit to /login paints the form and runs it
 * without downloading the app. The verification screen after them is the app's.
 */
export const signInPageMeta: Record<string, { title: string; description: string }> = {
  '/login': { title: 'Log in — Arrive', description: 'Log in to Arrive with your mobile number.' },
  '/signup': { title: 'Create your account — Arrive', description: 'Sign up to Arrive with your mobile number.' },
};

/** The screen a sign-in page leads to, whose code the page fetches once the visitor starts typing. */
export const signInNextModule = 'src/web/app/routes/verification.tsx';

/** The route module each prerendered page is drawn by, to inline its styles. */
export function routeModuleFor(path: string): string {
  if (path === '/') return 'src/web/app/routes/home.tsx';
  if (path === '/about') return 'src/web/app/routes/about.tsx';
  if (path === '/rider') return 'src/web/app/routes/rider.tsx';
  if (path === '/rider/auth' || path === '/driver/signup') return 'src/web/app/routes/rider-signup.tsx';
  if (path === '/driver/info') return 'src/web/app/routes/driver-info.tsx';
  if (path === '/login') return 'src/web/app/routes/login.tsx';
  if (path === '/signup') return 'src/web/app/routes/signup.tsx';
  return 'src/web/app/routes/service-page.tsx';
}

function ShellScreen({ path }: { path: string }) {
  const shell = shellFor(path);
  if (!shell) throw new Error(`${path} has no app shell`);
  return <ScreenSkeleton shell={shell} />;
}

/** A path the shell's pattern matches ('/order/:orderNumber' → '/order/0'), to render it at. */
export const shellSamplePath = (pattern: string) => pattern.replace(/:[^/]+/g, '0');

export async function render(path: string, { shell = false } = {}): Promise<string> {
  const handler = createStaticHandler(
    shell ? [{ element: <RootLayout />, children: [{ path: '*', element: <ShellScreen path={path} /> }] }] : routes,
  );
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
