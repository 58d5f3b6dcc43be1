import { createTheme, MantineProvider } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { lazyScreen } from './lazy-screen.ts';

const ToastHost = lazyScreen(() => import('./toast-host.tsx').then((m) => m.ToastHost));

const theme = createTheme({ primaryColor: 'teal', defaultRadius: 'md' });

/** Root providers. The query cache is provided lower down, by the routes that use it (router.tsx). */
export function Providers(props: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} env={props.env}>
      {/* Toasts raised before the host arrives wait in Mantine's store and show once it mounts. */}
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      {props.children}
    </MantineProvider>
  );
}
