import { afterEach, describe, expect, it } from 'vitest';
import { preloadAppCode } from './app-code-preload';

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => ({
    rel: l.rel,
    as: l.getAttribute('as'),
    href: l.getAttribute('href'),
    crossorigin: l.getAttribute('crossorigin'),
    priority: l.getAttribute('fetchpriority'),
  }));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloadAppCode', () => {
  it("asks for the files the page names, scripts as modules and styles as styles, in the page's order", () => {
    document.head.innerHTML =
      '<meta name="arrive:app-code" content="/assets/framework-a.js /assets/entry-client-b.js /assets/full-styles-c.css">';
    preloadAppCode();
    expect(links()).toEqual([
      { rel: 'modulepreload', as: null, href: '/assets/framework-a.js', crossorigin: '', priority: 'low' },
      { rel: 'modulepreload', as: null, href: '/assets/entry-client-b.js', crossorigin: '', priority: 'low' },
      { rel: 'preload', as: 'style', href: '/assets/full-styles-c.css', crossorigin: '', priority: 'low' },
    ]);
  });

  it('asks once, however often it is called', () => {
    document.head.innerHTML = '<meta name="arrive:app-code" content="/assets/framework-a.js">';
    preloadAppCode();
    preloadAppCode();
    expect(links()).toHaveLength(1);
  });

  it('does nothing on a page that names no files (every page but the staff views)', () => {
    preloadAppCode();
    expect(links()).toEqual([]);
  });
});
