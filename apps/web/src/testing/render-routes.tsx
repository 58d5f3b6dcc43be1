import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { QueryLayout } from '#app/layout/query-layout.tsx';
import { Providers } from '#app/providers.tsx';
import { organisationIdStore } from '#lib/organisation.ts';
import { sessionStore } from '#lib/session.ts';
import { harbour, longSession } from './fixtures.ts';

/** Renders routes with the app's real providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Puts routes under the app's query cache provider, as the router does for every screen but sign-in. */
export function withQueryClient(routes: RouteObject[]): RouteObject[] {
  return [{ element: <QueryLayout />, children: routes }];
}

/** A signed-in merchant acting for Harbour Wholesale, on `routes` under the query cache, at `path`. */
export function renderAsMerchant(routes: RouteObject[], path: string) {
  sessionStore.set(longSession);
  organisationIdStore.set(harbour.id);
  return renderRoutes(withQueryClient(routes), path);
}
