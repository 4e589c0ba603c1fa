/**
 * A path that names a file rather than a page: the build's hashed assets, and static files by
 * their extension (scripts, styles, images, fonts, manifests).
 */
const STATIC_FILE = /^\/assets\/|\.(?:m?js|css|map|png|jpe?g|svg|webp|avif|gif|ico|woff2?|json|webmanifest|txt|xml)$/;

/** Whether a request path (its query string is ignored) names a static file. */
export const isStaticFilePath = (url: string): boolean => STATIC_FILE.test(url.split('?')[0] ?? '/');
