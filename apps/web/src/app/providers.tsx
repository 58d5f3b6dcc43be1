import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  MantineProvider,
  type MantineColorsTuple,
} from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { lazyScreen } from './lazy-screen.ts';

const ToastHost = lazyScreen(() => import('./toast-host.tsx').then((m) => m.ToastHost));

/**
 * Contrast (WCAG 2.2 AA, 4.5:1 for text). Mantine's teal filled shade gives white text 2.6:1 and,
 * as the link colour, 2.6:1 on white. So the primary is a darker teal whose shades 7–9 read at
 * ≥ 4.5:1 on white and on every light tint (blue banner, teal highlight), and `primaryShade` 8 makes
 * every colour's filled background, link and `c="<colour>"` text the 8th shade (white on red.8 is
 * 4.5:1, on blue.8 5:1). A light variant (alerts, badges, the active menu entry) writes shade 9 on
 * shade 1, so where Mantine's shade 9 is too pale for that (yellow, orange, green, cyan, lime) it is
 * darkened. Shades 0–5 are Mantine's, for backgrounds. e2e/accessibility.e2e.test.ts keeps this so.
 */
const colors = {
  // prettier-ignore
  teal: [
    '#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997',
    '#0c976d', '#0a7b59', '#097152', '#085e44',
  ],
  yellow: withShade9(DEFAULT_THEME.colors.yellow, '#8f4a00'),
  orange: withShade9(DEFAULT_THEME.colors.orange, '#99330b'),
  green: withShade9(DEFAULT_THEME.colors.green, '#226d31'),
  cyan: withShade9(DEFAULT_THEME.colors.cyan, '#0a6a7b'),
  lime: withShade9(DEFAULT_THEME.colors.lime, '#406709'),
} satisfies Record<string, MantineColorsTuple>;

function withShade9(tuple: MantineColorsTuple, shade9: string): MantineColorsTuple {
  return [tuple[0], tuple[1], tuple[2], tuple[3], tuple[4], tuple[5], tuple[6], tuple[7], tuple[8], shade9];
}

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 8,
  colors,
  // Filled backgrounds too light for white text (yellow, lime) get dark text.
  autoContrast: true,
  defaultRadius: 'md',
  components: {
    // A number is never changed behind the person's back (400 kept as 365, "7.5" as 75): what they
    // typed stays, and the form's schema says what is wrong with it. A plain object, so the first
    // load does not carry NumberInput.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
    // WCAG 2.2 target size: a picker's clear button is 28 px, not 22 (≥ 24 px).
    InputClearButton: { defaultProps: { size: 'md' } },
  },
});

/**
 * Secondary ("dimmed") text is gray.7 rather than gray.6 (3.3:1 on white), and error text red.9
 * rather than red.6 (3.3:1), both ≥ 4.5:1 on white and on the light tints.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

// The toast host (Mantine's Notifications, its transitions and scroll lock) loads with the first
// toast rather than on every first load, and stays once it has come.
let isToastHostNeeded = false;
function toastHostNeeded(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  isToastHostNeeded ||= notifications.length > 0 || queue.length > 0;
  return isToastHostNeeded;
}

/** Root providers. The query cache is provided lower down, by the routes that use it (router.tsx). */
export function Providers(props: { children: ReactNode; env?: 'default' | 'test' }) {
  const hasToasts = useSyncExternalStore(notificationsStore.subscribe, toastHostNeeded, toastHostNeeded);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={props.env}>
      {/* Toasts raised before the host arrives wait in Mantine's store and show once it mounts. */}
      {hasToasts && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
      {props.children}
    </MantineProvider>
  );
}
