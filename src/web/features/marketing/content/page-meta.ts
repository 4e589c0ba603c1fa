import { servicePagePaths } from '../../../lib/paths';
import { type ServiceSlug, servicePages } from './service-pages';
import { type PageMeta, staticPageMeta } from './static-page-meta';

/** Titles and descriptions of every marketing page, for the prerendered document head. */
export const marketingPageMeta: Record<string, PageMeta> = {
  ...staticPageMeta,
  ...Object.fromEntries(
    servicePagePaths.map((path) => {
      const page = servicePages[path.slice(1) as ServiceSlug];
      return [path, { title: `${page.title} — Arrive`, description: page.summary }];
    }),
  ),
};
