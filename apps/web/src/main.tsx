import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';
import { setNavigator } from './lib/navigation.ts';

const router = createBrowserRouter(appRoutes);
// The API client redirects on 401 through the router, keeping the page (and the cache) alive.
setNavigator((to) => void router.navigate(to, { replace: true }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
