import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { ClientRoutes, loadMatchedScreens } from './app/client-routes';
import { takeServerState } from './app/hydration';
import { createRoutes } from './app/routes';
import { queryClient } from './lib/query-client';
import './index.css';

/**
 * Not awaited at the top level: the lazy screens import shared code from the entry's own chunk
 * (vite.config.ts), and a chunk that waited on them at the top level would never finish loading.
 */
async function start() {
  const container = document.getElementById('root')!;
  // The server's data (the query cache) goes in first, so hydration asks the API for nothing.
  const state = takeServerState(queryClient);
  const routes = createRoutes(queryClient);
  // The screens of the address, loaded first: hydration must render what the server did.
  await loadMatchedScreens(routes);
  // The browser's router is React Router's declarative one over the same table (app/client-routes.tsx).
  const app = (
    <App>
      <BrowserRouter>
        <ClientRoutes routes={routes} />
      </BrowserRouter>
    </App>
  );
  if (state) {
    // As a transition, hydration works in slices and lets the browser paint and answer input between
    // them (the page is already drawn by the server), rather than holding the main thread in one task.
    startTransition(() => {
      hydrateRoot(container, app, {
        // Said plainly in the console (the browser suite fails on it): the server's HTML and the first render differ.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      });
    });
  } else {
    // `npm run dev` (Vite's own server): no server render, the app starts empty.
    createRoot(container).render(app);
  }
}

void start();
