import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorType } from '../../domain/errors';
import { findPrerendered, isStaticFilePath } from '../lib/static-files';

const NOT_WEB = /^\/(api|socket\.io|sandbox)(\/|$)/;

type AppShellRoute = { test: (route: string) => boolean; file: string };

/**
 * The app screens' prerendered shells (dist/app-shells.json, written by scripts/prerender.mjs):
 * a route pattern ('/order/:orderNumber') and its file. A ':name' segment matches one non-empty
 * segment, as in the router.
 */
export function readAppShells(root: string): AppShellRoute[] {
  const file = path.join(root, 'app-shells.json');
  if (!existsSync(file)) return [];
  const list = JSON.parse(readFileSync(file, 'utf8')) as { pattern: string; file: string }[];
  return list.map(({ pattern, file: shellFile }) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const regex = new RegExp(`^${source}$`);
    return { test: (route: string) => regex.test(route), file: shellFile };
  });
}

/**
 * How long a browser may keep a built file without asking again: hashed assets for a year (a new
 * build names them anew); the images and icons a day (they change with a redesign, not a
 * release, and a repeat visit then fetches none of them, not even to hear "not modified"); pages,
 * the worker and the manifest are asked about every time.
 */
export function cacheControlFor(relativePath: string): string {
  const top = relativePath.split(/[\\/]/)[0];
  if (top === 'assets') return 'public, max-age=31536000, immutable';
  if (top === 'images' || top === 'icons') return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * Serves the built PWA: hashed assets cached for a year, everything else revalidated;
 * precompressed .br/.gz files when the browser accepts them; prerendered marketing pages; each
 * app screen's prerendered shell (its header, title and skeleton, which the app replaces); and the
 * empty SPA shell for every other page. Unknown /api paths answer the error object.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const root = path.resolve(app.config.STATIC_DIR);
  const built = existsSync(path.join(root, 'index.html'));
  const prerendered = built ? findPrerendered(root) : new Map<string, string>();
  const appShells = built ? readAppShells(root) : [];

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      // The ETag revalidates; Last-Modified and Accept-Ranges (no file here is fetched in ranges)
      // would only add bytes to each of the dozens of files a first visit fetches.
      lastModified: false,
      acceptRanges: false,
      setHeaders: (res, filePath) => {
        res.header('cache-control', cacheControlFor(path.relative(root, filePath)));
        if (filePath.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
      },
    });
  }

  // The prerendered home is index.html; every other page that was not prerendered gets the empty
  // shell (when the build made one), so no page flashes the home before the app renders it.
  const shell = existsSync(path.join(root, 'shell.html')) ? 'shell.html' : 'index.html';
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    const route = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '');
    const page =
      route === '' ? 'index.html' : (prerendered.get(route) ?? appShells.find((s) => s.test(route))?.file ?? shell);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(page);
  };

  app.setNotFoundHandler((request, reply) => {
    // A file, not a page: a hashed asset or a static file that does not exist answers 404, never
    // the app shell (a tab still on an older build asking for a chunk the new one dropped fails as
    // a missing script, and the service worker never keeps a page under a script's URL).
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_WEB.test(request.url) &&
      !isStaticFilePath(request.url);
    if (wantsPage && built) return sendShell(request, reply);
    if (wantsPage && !request.url.includes('.')) {
      return reply.type('text/plain').send('The web app is not built yet: run `npm run build`, or use `npm run dev`.');
    }
    return reply.status(404).send({
      type: ErrorType.NotFound,
      status: 404,
      message: `Not found: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
});
