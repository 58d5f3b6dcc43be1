import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageTitle } from '#lib/routes.ts';
import { FullPageLoader } from './full-page-loader.tsx';

/** Sets the tab title from the route table and waits for lazily loaded screens. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
