import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './app/App';
import { takeServerState } from './app/hydration';
import { createRoutes } from './app/routes';
import { queryClient } from './lib/query-client';
import './index.css';

/** The screens of the address being hydrated, loaded first: hydration must render what the server did. */
async function loadMatchedScreens(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * Not awaited at the top level: the lazy screens import shared code from the entry's own chunk
 * (vite.config.ts), and a chunk that waited on them at the top level would never finish loading.
 */
async function start() {
  const container = document.getElementById('root')!;
  // The server's data (router and query cache) goes in first, so hydration asks the API for nothing.
  const state = takeServerState(queryClient);
  const routes = createRoutes(queryClient);
  await loadMatchedScreens(routes);
  if (state) {
    const router = createBrowserRouter(routes, { hydrationData: state.router });
    // As a transition, hydration works in slices and lets the browser paint and answer input between
    // them (the page is already drawn by the server), rather than holding the main thread in one task.
    startTransition(() => {
      hydrateRoot(
        container,
        <App>
          <RouterProvider router={router} />
        </App>,
        {
          // Said plainly in the console (the browser suite fails on it): the server's HTML and the first render differ.
          onRecoverableError: (error) => console.error('Hydration error:', error),
        },
      );
    });
  } else {
    // `npm run dev` (Vite's own server): no server render, the app starts empty.
    createRoot(container).render(
      <App>
        <RouterProvider router={createBrowserRouter(routes)} />
      </App>,
    );
  }
}

void start();
