// The start-up script of the prerendered public pages. scripts/prerender.mjs inlines it into each
// page (so it must import nothing): the page paints from its HTML, and only then is the pages'
// behaviour (marketing-page.ts, a build entry of its own) fetched with its chunks, so on a slow
// network nothing competes with the first paint.

/** Adds the behaviour script and its chunks (listed by scripts/prerender.mjs), all fetched at once. */
const load = () => {
  const [script, ...chunks] = (
    document.querySelector<HTMLMetaElement>('meta[name="arrive:page-script"]')?.content ?? ''
  ).split(' ');
  if (!script) return;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  const element = document.createElement('script');
  element.type = 'module';
  element.src = script;
  document.head.append(element);
};

let loaded = false;
const loadOnce = () => {
  if (loaded) return;
  loaded = true;
  load();
};
// Once the browser reports the first contentful paint. A hidden tab does not paint, and a browser
// without paint timing gets it after two animation frames; at worst after a second.
if (document.visibilityState === 'hidden') loadOnce();
else {
  setTimeout(loadOnce, 1000);
  const paints = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : [];
  if (paints.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(loadOnce, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(loadOnce, 0)));
  }
}
