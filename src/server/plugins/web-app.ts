import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorType } from '../../domain/errors';

const NOT_WEB = /^\/(api|socket\.io|sandbox)(\/|$)/;

/** The prerendered pages of the build: '/about' → 'about/index.html'. */
function findPrerendered(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string, route: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'assets') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full, `${route}/${name}`);
      else if (name === 'index.html' && route) pages.set(route, `${route.slice(1)}/index.html`);
    }
  };
  walk(root, '');
  return pages;
}

/**
 * Serves the built PWA: hashed assets cached for a year, everything else revalidated;
 * precompressed .br/.gz files when the browser accepts them; prerendered marketing pages;
 * and the SPA shell for every other page. Unknown /api paths answer the error object.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const root = path.resolve(app.config.STATIC_DIR);
  const built = existsSync(path.join(root, 'index.html'));
  const prerendered = built ? findPrerendered(root) : new Map<string, string>();

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (filePath.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json');
      },
    });
  }

  // The prerendered home is index.html; every other page that was not prerendered gets the empty
  // shell (when the build made one), so no page flashes the home before the app renders it.
  const shell = existsSync(path.join(root, 'shell.html')) ? 'shell.html' : 'index.html';
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    const route = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '');
    const page = route === '' ? 'index.html' : (prerendered.get(route) ?? shell);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(page);
  };

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_WEB.test(request.url);
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
