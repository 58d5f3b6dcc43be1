import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { SignInScreen } from '#features/auth/screens/sign-in-screen.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { ROUTES, type RouteArea, type RouteEntry } from './routes.ts';

// Everything behind these is a separate chunk, so /sign-in loads no shell code and no other screen,
// and the guard (with the session refresh, hence the contract and zod) loads only for guarded routes.
const RequireSession = lazyScreen(() => import('./guards/require-session.tsx').then((m) => m.RequireSession));
const QueryLayout = lazyScreen(() => import('./layout/query-layout.tsx').then((m) => m.QueryLayout));
const AppShellLayout = lazyScreen(() =>
  import('./layout/app-shell-layout.tsx').then((m) => m.AppShellLayout),
);
const PlaceholderPage = lazyScreen(() =>
  import('./pages/placeholder-page.tsx').then((m) => m.PlaceholderPage),
);
const NotFoundPage = lazyScreen(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));
const UnbuiltScreen = lazyScreen(() =>
  import('#features/auth/screens/unbuilt-screen.tsx').then((m) => m.UnbuiltScreen),
);

/** Routes whose screen is built; every other route shows a placeholder with its title. */
const SCREENS: Record<string, ComponentType | LazyExoticComponent<ComponentType>> = {
  '/': lazyScreen(() => import('./pages/home-page.tsx').then((m) => m.HomePage)),
  // In the entry: the front door must be on screen as soon as the page has loaded.
  '/sign-in': SignInScreen,
  '/logout': lazyScreen(() => import('#features/auth/screens/logout-screen.tsx').then((m) => m.LogoutScreen)),
};

const BACK_LINKS: Record<Exclude<RouteArea, 'app'>, { path: string; label: string }> = {
  auth: { path: '/sign-in', label: 'Back to sign in' },
  onboarding: { path: '/', label: 'Go to Home' },
};

function elementFor(route: RouteEntry): ReactNode {
  const Screen = SCREENS[route.path];
  if (Screen) return <Screen />;
  if (route.area === 'app') return <PlaceholderPage title={route.title} />;
  return <UnbuiltScreen title={route.title} back={BACK_LINKS[route.area]} />;
}

function routesOf(area: RouteArea): RouteObject[] {
  return ROUTES.filter((route) => route.area === area).map((route) => ({
    path: route.path,
    element: elementFor(route),
  }));
}

/** SPEC §2: auth routes outside the shell and unguarded; sign-up steps guarded without the menu. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...routesOf('auth'),
      {
        element: <QueryLayout />,
        children: [
          {
            element: <RequireSession />,
            children: [
              ...routesOf('onboarding'),
              {
                element: <AppShellLayout />,
                children: [...routesOf('app'), { path: '*', element: <NotFoundPage /> }],
              },
            ],
          },
        ],
      },
    ],
  },
];
