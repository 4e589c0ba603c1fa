import { useEffect } from 'react';

/**
 * Marks <html data-app-ready> once React has taken over the page (browser journeys wait for it).
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return null;
}
