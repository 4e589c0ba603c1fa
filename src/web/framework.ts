// The packages the whole app runs on (React, the router, TanStack Query, Mantine), evaluated on
// their own before the app's modules: main.tsx imports this, lets the browser breathe, then
// imports the app (entry-client.tsx). Bundled, they are one file (scripts/build/code-groups.ts,
// `framework`), and evaluating a file runs all of it: importing one name of each is enough, and
// the names keep the bundler from dropping the imports as unused.
export { MantineProvider } from '@mantine/core';
export { QueryClient } from '@tanstack/react-query';
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
export { createBrowserRouter } from 'react-router';
