import classes from './marketing.module.css';

/**
 * A page's hero illustration, inlined in the HTML (the files are a kilobyte or two): it paints with
 * the headline instead of waiting for a request of its own.
 */
export function HeroArt({ svg, label }: { svg: string; label: string }) {
  const markup = svg
    .replace(/\s(role|aria-label|aria-hidden|focusable)="[^"]*"/g, '')
    .replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG files, bundled at build time
    <span className={classes.heroArt} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: markup }} />
  );
}
