import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { theme } from '../theme';

// Mantine's default 'dimmed' grey is below 4.5:1 on white; these keep secondary text readable.
// The scheme follows the device (prefers-color-scheme) until the person picks one in Settings.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  // Links in the dark scheme: the primary blue (shade 5) reads at about 3:1 on the dark body.
  dark: { '--mantine-color-dimmed': '#a6adb4', '--mantine-color-anchor': 'var(--mantine-color-brand-3)' },
});

// The toasts' container loads after the first screen (a toast shown before keeps in its store).
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Everything a screen needs around it; tests render through the same providers. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Notifications position="top-center" />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
