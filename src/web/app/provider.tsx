import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { loadSavedCopies } from '../lib/saved-copies';
import { useAfterFirstScreen } from '../lib/use-after-first-screen';
import { theme } from '../theme';
import { SessionFollowsRefusals } from './session-follows-refusals';

// Mantine's default 'dimmed' grey is below 4.5:1 on white; these keep secondary text readable.
// The scheme follows the device (prefers-color-scheme) until the person picks one in Settings.
// Coloured text, outlines and light-variant labels (`c="red"`, `variant="outline" color="orange"`,
// `variant="light"`) use each colour's theme-aware variables: Mantine's light-scheme ones (shade 6)
// are below 4.5:1 on white, so the light scheme gets darker shades; the dark scheme keeps Mantine's
// shade 4, which reads on the dark body. Name the colour without a shade (`red`, not `red.9`) for
// text and outlines, so both schemes stay AA.
const lightText: Record<string, string> = {
  red: '#c92a2a',
  orange: '#b33d0a',
  yellow: '#8f5200',
  green: '#237032',
  gray: '#5c636a',
};
const lightTextVariables = Object.fromEntries(
  Object.entries(lightText).flatMap(([name, value]) => [
    [`--mantine-color-${name}-text`, value],
    [`--mantine-color-${name}-light-color`, value],
    [`--mantine-color-${name}-outline`, value],
  ]),
);
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', ...lightTextVariables },
  // Links in the dark scheme: the primary blue (shade 5) reads at about 3:1 on the dark body.
  // `c="brand"` text likewise (the dark scheme's primary shade 5 is about 3:1 there).
  dark: {
    '--mantine-color-dimmed': '#a6adb4',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
    '--mantine-color-brand-text': 'var(--mantine-color-brand-3)',
  },
});

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * What waits for the first screen to answer (`useAfterFirstScreen`): the local database's code
 * (lib/saved-copies.ts), and the toasts' container with its code and the Mantine parts it draws
 * with; a toast shown before waits in its store and appears then.
 */
function AfterFirstScreen() {
  const afterFirstScreen = useAfterFirstScreen();
  useEffect(() => {
    if (afterFirstScreen) void loadSavedCopies();
  }, [afterFirstScreen]);
  return afterFirstScreen ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  ) : null;
}

/** Everything a screen needs around it; tests render through the same providers. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <SessionFollowsRefusals />
        <AfterFirstScreen />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
