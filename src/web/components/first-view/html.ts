// What the first views (app/first-views: screens drawn without the app until the client needs it)
// share: their markup is strings, and the app is handed to them to run.
import { formatDateTime } from '../../lib/lagos-time';
import c from './first-view.module.css';

/** Runs the app over this page: its code, then its first drawing (main.tsx). */
export type RunApp = () => Promise<void>;

/** Text as HTML: every name, description and label from the server goes through this. */
export const esc = (text: string | number) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * "You are offline": what is on screen is the copy saved on this device, with when it was saved, as
 * the app's OfflineCopyNotice says it.
 */
export const offlineCopyHtml = (updatedAt: number) =>
  `<div class="${c.notice}" role="status"><p class="${c.medium}">You are offline</p><p class="${c.sm}">Showing the copy saved on this device, last updated ${esc(
    formatDateTime(updatedAt),
  )}. It will refresh when you are back online.</p></div>`;

/**
 * "Prices from 2 h ago": what is on screen is the copy saved on this device (or the device is
 * offline), with what still needs a connection, as the app's SavedCopyAge says it.
 */
export function savedCopyHtml(what: string, age: string, online: boolean, needsNetwork: string): string {
  return `<div class="${c.notice}" role="status"><p class="${c.medium}">${esc(what)} from ${esc(age)}</p><p class="${c.sm}">${
    online ? 'The latest could not be loaded; this is the copy saved on this device.' : 'You are offline.'
  } ${esc(needsNetwork)}</p></div>`;
}

/**
 * A status badge's tint (`--tint`, first-view.module.css `.status`): shade 6 of the theme's colour
 * of that name, from the theme's variables the page carries, as the app's light badge draws it.
 */
export const badgeTint = (color: string) => `var(--mantine-color-${/^[a-z]+$/.test(color) ? color : 'gray'}-6)`;
