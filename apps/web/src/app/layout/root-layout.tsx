import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageTitle } from '#lib/routes.ts';
import { FullPageLoader } from './full-page-loader.tsx';

/** Sets the tab title from the route table and waits for lazily loaded screens. */
export function RootLayout() {
  const { pathname } = useLocation();
  // A layout effect, so it runs before the page's own effects: a page that stands in for another
  // (the not-found page at a screen not meant for this person) then has the last word.
  useLayoutEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
