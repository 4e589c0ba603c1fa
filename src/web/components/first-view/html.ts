// What the first views (app/first-views: screens drawn without the app until the client needs it)
// share: their markup is strings, and the app is handed to them to run.

/** Runs the app over this page: its code, then its first drawing (main.tsx). */
export type RunApp = () => Promise<void>;

/** Text as HTML: every name, description and label from the server goes through this. */
export const esc = (text: string | number) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
