import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A path that names a file rather than a page: the build's hashed assets, and static files by
 * their extension (scripts, styles, images, fonts, manifests).
 */
const STATIC_FILE = /^\/assets\/|\.(?:m?js|css|map|png|jpe?g|svg|webp|avif|gif|ico|woff2?|json|webmanifest|txt|xml)$/;

/** Whether a request path (its query string is ignored) names a static file. */
export const isStaticFilePath = (url: string): boolean => STATIC_FILE.test(url.split('?')[0] ?? '/');

/** The prerendered pages of a build but the home (index.html): '/about' → 'about/index.html'. */
export function findPrerendered(root: string): Map<string, string> {
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
