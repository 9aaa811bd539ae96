import type { CatalogueReader } from '@bookstore/contract';
import { QueryClient } from '@tanstack/react-query';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/App';
import { ClientRoutes, loadMatchedScreens } from './app/client-routes';
import { serverState, stateToHtml } from './app/hydration';
import { createRoutes } from './app/routes';
import { ApiError } from './lib/api-client';

export type { CatalogueReader };

export type RenderResult =
  | { kind: 'page'; status: number; html: string; state: string }
  | { kind: 'redirect'; status: number; location: string };

/** The reader's refusals as the API client would throw them, so screens show them as they do in the browser. */
function asApiErrors(reader: CatalogueReader): CatalogueReader {
  const wrap =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await read(...args);
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          const message = (error as Error).message;
          throw new ApiError(status, message, { error: message });
        }
        throw error;
      }
    };
  return {
    featured: wrap(() => reader.featured()),
    books: wrap((address: string) => reader.books(address)),
    book: wrap((title: string) => reader.book(title)),
    related: wrap((id: number) => reader.related(id)),
    author: wrap((slug: string) => reader.author(slug)),
    category: wrap((slug: string) => reader.category(slug)),
    shippingMethods: wrap(() => reader.shippingMethods()),
    headlineSale: wrap(() => reader.headlineSale()),
  };
}

/** Renders the whole tree, waiting for every lazy part, so the HTML is final (and needs no inline script). */
function renderToString(node: React.ReactNode): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const html = new Promise<string>((resolve, reject) => {
    let failed: unknown;
    const { pipe, abort } = renderToPipeableStream(node, {
      // Never split a finished boundary out (React would then reveal it with an inline script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => (failed ? reject(failed) : resolve(Buffer.concat(chunks).toString('utf8'))));
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error;
      },
    });
    timer = setTimeout(() => abort(new Error('Server render took longer than 10 s')), 10_000);
    timer.unref();
  });
  // A finished render clears its timer: a pending one keeps the whole render (its tree, its data)
  // reachable for the 10 s, which under a burst of fresh pages is tens of megabytes held for nothing.
  return html.finally(() => clearTimeout(timer));
}

/**
 * One page from the app's own routes: loaders run against `reader` (the catalogue, in-process), the
 * tree renders with their answers, and the state the browser needs to hydrate without asking again
 * comes back as JSON safe to put in a <script type="application/json">.
 */
export async function render(url: string, reader: CatalogueReader): Promise<RenderResult> {
  // A refusal (404) renders as such: an answer in error is not shown as "loading again" (retryOnMount).
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
  });
  // One table for both: the data router runs its loaders (and redirects), ClientRoutes renders it.
  const routes = createRoutes(client, asApiErrors(reader));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  // The page renders through the browser's own router (app/client-routes.tsx) over the same table, so
  // the two trees are the same shape and hydrate without a difference, ids included. A loader that
  // threw (they catch their own failures, so only an unexpected error) renders the data router's
  // error element instead.
  let page: React.ReactNode;
  if (context.errors) {
    page = (
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    );
  } else {
    const location = new URL(url);
    await loadMatchedScreens(routes, location);
    page = (
      <StaticRouter location={location.pathname + location.search}>
        <ClientRoutes routes={routes} />
      </StaticRouter>
    );
  }
  const html = await renderToString(<App client={client}>{page}</App>);
  const notFound =
    context.matches.some((match) => match.route.path === '*') ||
    client
      .getQueryCache()
      .getAll()
      .some((query) => query.state.error instanceof ApiError && query.state.error.status === 404);
  const status = context.statusCode >= 400 ? context.statusCode : notFound ? 404 : 200;
  return { kind: 'page', status, html, state: stateToHtml(serverState(client)) };
}
