import { createTheme, MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { lazyScreen } from './lazy-screen.ts';

const ToastHost = lazyScreen(() => import('./toast-host.tsx').then((m) => m.ToastHost));

const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  components: {
    // A number is never changed behind the person's back (400 kept as 365, "7.5" as 75): what they
    // typed stays, and the form's schema says what is wrong with it. A plain object, so the first
    // load does not carry NumberInput.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
  },
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
    <MantineProvider theme={theme} env={props.env}>
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
