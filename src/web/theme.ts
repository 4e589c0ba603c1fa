import { createTheme, type MantineColorsTuple, rem } from '@mantine/core';

// Brand blue #144CC3 sits at shade 7, so text on white and white on it pass WCAG AA.
const brand: MantineColorsTuple = [
  '#eaf0fc',
  '#d2ddf5',
  '#a3baec',
  '#7095e3',
  '#4776da',
  '#2e63d5',
  '#1d57d0',
  '#144CC3',
  '#0f3fa8',
  '#09358f',
];
const lightGrey: MantineColorsTuple = [
  '#f5f5f5',
  '#ebebeb',
  '#dcdcdc',
  '#C1C1C1',
  '#adadad',
  '#9a9a9a',
  '#858585',
  '#6b6b6b',
  '#545454',
  '#3d3d3d',
];

/** One theme for the whole app: the brand palette (primary, secondary, accent, success, warning, error, info). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, lightGrey },
  other: {
    palette: {
      primary: '#144CC3',
      secondary: '#C1C1C1',
      accent: '#F59F00',
      success: '#2B8A3E',
      warning: '#E8590C',
      error: '#C92A2A',
      info: '#1971C2',
    },
    navbarHeight: 60,
    footerHeight: 100,
    sidebarWidth: 250,
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  headings: { fontWeight: '700', sizes: { h1: { fontSize: rem(36), lineHeight: '1.2' } } },
  components: {
    // A spinner is an indeterminate progress bar: the role lets its aria-label ("Loading orders")
    // be announced (a bare span may not carry one: axe aria-prohibited-attr); one given no label
    // says "Loading". (A button's own spinner is aria-hidden: its name stays its words.)
    Loader: { defaultProps: { role: 'progressbar', 'aria-label': 'Loading' } },
    // A table wider than a phone scrolls sideways: keyboard users can reach and scroll it
    // (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A dialog's × has no words of its own: without a name a screen reader says "button" (axe
    // button-name). A dialog may name it itself.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The toasts too; and their words at 4.5:1 on both schemes (Mantine's dimmed grey is not).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'light-dark(var(--mantine-color-gray-8), var(--mantine-color-dark-0))' } },
    },
  },
});
