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
 * Lets the browser run what is waiting (a paint, a tap, the next network answer) before going on: the
 * start is then several short tasks instead of one long one, which on a slow phone held the main
 * thread for over 100 ms (docs/decisions/0021-less-script.md, "Shorter tasks").
 */
function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Not awaited at the top level: the lazy screens import shared code from the entry's own chunk
 * (vite.config.ts), and a chunk that waited on them at the top level would never finish loading.
 */
async function start() {
  await nextTask();
  const container = document.getElementById('root')!;
  // The server's data (the query cache) goes in first, so hydration asks the API for nothing.
  const state = takeServerState(queryClient);
  await nextTask();
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

// Started from a microtask, once the first file's evaluation has ended, and it goes on in a later task:
// nothing it does runs with the file's top level on the stack. A timer, request or yield made from
// there makes a tracing browser (Lighthouse's, DevTools') take a stack trace through the whole
// file's top level, and V8 then parses all of it again for its source positions: 30-50 ms more in
// the file's task (docs/decisions/0021-less-script.md, "Shorter tasks").
void Promise.resolve().then(start);
