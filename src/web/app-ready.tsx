import { useEffect } from 'react';

/**
 * Marks <html data-app-ready> once React has taken over the page (browser journeys wait for it).
 * Rendered by both entries, so the server and the browser build the same tree (useId stays equal).
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}
