// The public pages are served as prerendered HTML and never hydrated: their behaviour (carousels,
// the service scroller, the install button, the forms, the header menu) lives in these enhancers,
// which attach to the server-rendered markup. The same enhancers run inside the React app when it
// renders a public page itself (client-side navigation, `npm run dev`), through useEnhance.
import { enhanceCarousel } from './carousel';
import { enhanceInstallButton } from './install-button';
import { enhanceScroller } from './scroller';
import { enhanceSiteHeader } from './site-header';
import type { Enhancer } from './types';

/** The attribute that names an element's enhancer: `<section data-enhance="carousel">`. */
export const ENHANCE_ATTR = 'data-enhance';

// What the home page needs is bundled with the page's script; the forms (and their validation
// schemas) load only on the pages that have one.
export type EnhancerLoaders = Record<string, () => Enhancer | Promise<Enhancer>>;

const enhancers: EnhancerLoaders = {
  carousel: () => enhanceCarousel,
  scroller: () => enhanceScroller,
  install: () => enhanceInstallButton,
  'site-header': () => enhanceSiteHeader,
  'lead-form': () => import('./lead-form').then((m) => m.enhanceLeadForm),
  'signup-form': () => import('./signup-form').then((m) => m.enhanceSignupForm),
};

/** Lets the browser paint and answer input between two enhancers (one short task each). */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Enhances every marked element in `scope` (and `scope` itself), in document order, one task each
 * so that a slow phone never meets one long task; resolves to one cleanup for all. `more` adds the
 * enhancers of other features' prerendered pages (the sign-in form), which the page script names.
 */
export async function enhance(scope: HTMLElement, more: EnhancerLoaders = {}): Promise<() => void> {
  const elements = [
    ...(scope.matches(`[${ENHANCE_ATTR}]`) ? [scope] : []),
    ...scope.querySelectorAll<HTMLElement>(`[${ENHANCE_ATTR}]`),
  ];
  const loaded = await Promise.all(
    elements.map((element) => {
      const name = element.getAttribute(ENHANCE_ATTR) ?? '';
      const load = more[name] ?? enhancers[name];
      if (!load) throw new Error(`No enhancer is called "${name}"`);
      return load();
    }),
  );
  const cleanups: (() => void)[] = [];
  for (const [i, element] of elements.entries()) {
    cleanups.push(loaded[i]?.(element) ?? (() => {}));
    await yieldToBrowser();
  }
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
