// A staff view (the counter, the dispatch board, the shift screen) hands its page to the app as
// soon as it has drawn. Were the app's code asked for only then, a tap on one of the app's
// controls would wait for those files on top of the view's own reads. The page names them
// (scripts/prerender.mjs, `arrive:app-code`: scripts, the largest first, then styles), and they
// are asked for here, once the page's first reads are out, so the reads go first on the network.
// Preloading fetches and compiles; the app is still evaluated only when the view hands over.

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
