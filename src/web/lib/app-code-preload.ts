// A staff view (the counter, the dispatch board, the shift screen) hands its page to the app as
// soon as it has drawn. Left to its imports, the app's code would come one file after another: the
// framework, then the app's entry once the framework has run, then the screen's. The page names
// them all (scripts/prerender.mjs, `arrive:app-code`: scripts, the largest first, then styles),
// and they are asked for here, together, as the app is asked to run (main.tsx). Not earlier: on
// the tablet's slow link they would share it with the view's own reads, and the counter's view,
// whose catalogue is read after its shift, was usable about half a second later.
// Preloading fetches and compiles; the app is evaluated by its imports as before.

/** Asks for the files the page's `arrive:app-code` names, at low priority; does nothing without it. */
export function preloadAppCode(doc: Document = document): void {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="arrive:app-code"]');
  if (!meta) return;
  meta.remove();
  for (const href of meta.content.split(' ').filter(Boolean)) {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else link.rel = 'modulepreload';
    // As Vite's loader asks for them, so the browser reuses these answers.
    link.crossOrigin = '';
    link.setAttribute('fetchpriority', 'low');
    link.href = href;
    doc.head.append(link);
  }
}
