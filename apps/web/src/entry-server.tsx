import type { CatalogueReader } from '@bookstore/contract';
import { QueryClient } from '@tanstack/react-query';
import { PassThrough } from 'node:stream';
import { createElement, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  StaticRouter,
  StaticRouterProvider,
} from 'react-router';
import { App } from './app/App';
import { ClientRoutes } from './app/client-routes';
import { serverState, stateToHtml } from './app/hydration';
import { type ReusedParts, ReusedPartsContext } from './app/layout/reused';
import { createRoutes } from './app/routes';
import { isMalformedAddress } from './components/ui/NotFound';
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

/** The element a part is rendered in on the server (never sent: its content, or the HTML kept, takes its place). */
const PART = 'bookstore-reused';
const PART_HTML = /<bookstore-reused data-part="(new:)?([^"]*)">([^]*?)<\/bookstore-reused>/g;

/**
 * The layout's parts (app/layout/reused.tsx) as this process made them first, by part and key: the
 * header and footer, about 12.7 KB of the 40 KB React makes for a book page, rendered once instead of
 * on every page (docs/benchmarks/million-titles.md, "A fresh book page: half the statements, the
 * layout rendered once"). A handful of entries: one per part and key.
 */
const keptParts = new Map<string, string>();

/**
 * The first page with a part renders it in a wrapper and keeps what is inside; later pages render
 * an empty wrapper there, and the kept HTML replaces the wrapper. A part is one child wherever it
 * is, in the browser too, so the ids `useId` gives inside and around it are the same either way. The
 * markup of the wrapper cannot come from a page's data: React escapes every `<` of text and attributes.
 */
const reusedParts: ReusedParts = {
  render(id: string, part: ReactNode) {
    const known = keptParts.has(id);
    return createElement(PART, { 'data-part': known ? id : `new:${id}` }, known ? null : part);
  },
};

function withKeptParts(html: string): string {
  return html.replace(PART_HTML, (_whole, isNew: string | undefined, id: string, inner: string) => {
    if (isNew) keptParts.set(id, inner);
    return keptParts.get(id) ?? inner;
  });
}

type Lazy = () => Promise<Record<string, unknown>>;

/**
 * The matched routes' loaders and screens, from one match of the table: what the data router's
 * `query` does for a page whose loaders return nothing and throw nothing, which is every page here
 * (they catch their own failures: app/routes.tsx). Matching flattens and ranks the whole table each
 * time (React Router keeps nothing between calls), and the data router's handler did it twice more
 * than this, a tenth of a fresh page's CPU (docs/benchmarks/million-titles.md, "A fresh book page's
 * CPU"). False when a loader threw or answered (a redirect): the data router then does it all again,
 * as before, and renders its error element or redirects.
 */
async function loadMatched(routes: RouteObject[], url: URL): Promise<{ ok: boolean; notFound: boolean }> {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const request = new Request(url);
  let ok = true;
  await Promise.all(
    matches.flatMap(({ route, params }) => [
      (async () => {
        if (typeof route.loader !== 'function') return;
        try {
          const answer: unknown = await route.loader({ request, params, context: undefined } as LoaderFunctionArgs);
          if (answer !== null && answer !== undefined) ok = false;
        } catch {
          ok = false;
        }
      })(),
      (async () => {
        // As loadMatchedScreens (app/client-routes.tsx) does before hydrating, over the same matches.
        if (typeof route.lazy === 'function') Object.assign(route, await (route.lazy as Lazy)(), { lazy: undefined });
      })(),
    ]),
  );
  return { ok, notFound: matches.some((match) => match.route.path === '*') };
}

/**
 * The routes of the table that can match `pathname`: where the table lists absolute paths, those whose
 * first segment is the address's (as React Router compares it: decoded, in any case), is a parameter
 * or a splat. The same matches as the whole table, in the same order; matching flattens, ranks and
 * compiles what it is given (in `loadMatched` and again in `useRoutes`), about 40 routes where this
 * leaves two or three (docs/benchmarks/million-titles.md, "A fresh book page: half the statements,
 * the layout rendered once"). The table is this render's own (createRoutes), so copies are safe.
 */
function routesFor(routes: RouteObject[], pathname: string): RouteObject[] {
  let first: string;
  try {
    first = decodeURIComponent(pathname.split('/')[1] ?? '').toLowerCase();
  } catch {
    return routes;
  }
  const mayMatch = ({ path }: RouteObject) => {
    if (!path?.startsWith('/')) return true;
    const head = path.split('/')[1] ?? '';
    return head.toLowerCase() === first || /[:*?]/.test(head);
  };
  const prune = (list: RouteObject[]): RouteObject[] =>
    list
      .filter(mayMatch)
      .map((route) => (route.children ? ({ ...route, children: prune(route.children) } as RouteObject) : route));
  return prune(routes);
}

/**
 * One page from the app's own routes: loaders run against `reader` (the catalogue, in-process), the
 * tree renders with their answers, and the state the browser needs to hydrate without asking again
 * comes back as JSON safe to put in a <script type="application/json">. `plain`: made without this
 * file's shortcuts (the whole route table, every layout part rendered), for tests that hold the
 * shortcuts to the same bytes.
 */
export async function render(
  url: string,
  reader: CatalogueReader,
  { plain = false }: { plain?: boolean } = {},
): Promise<RenderResult> {
  // A refusal (404) renders as such: an answer in error is not shown as "loading again" (retryOnMount).
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
  });
  // One table for both: the loaders fill the query cache, ClientRoutes renders it.
  const routes = createRoutes(client, asApiErrors(reader));
  const location = new URL(url);
  // An address that cannot be read: the layout shows the 400 page in place of any screen, and no
  // screen's loader runs on what cannot be decoded.
  const malformed = isMalformedAddress(location.pathname, location.search);
  const candidates = plain ? routes : routesFor(routes, location.pathname);
  const loaded = malformed ? { ok: true, notFound: false } : await loadMatched(candidates, location);
  // The page renders through the browser's own router (app/client-routes.tsx) over the same table, so
  // the two trees are the same shape and hydrate without a difference, ids included.
  let page: React.ReactNode = (
    <StaticRouter location={location.pathname + location.search}>
      <ClientRoutes routes={candidates} />
    </StaticRouter>
  );
  let status = 200;
  let notFound = loaded.notFound;
  if (!loaded.ok) {
    // A loader that threw (they catch their own failures, so only an unexpected error) or answered: the
    // data router runs them again and renders its error element, or redirects.
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    if (context.errors) {
      page = (
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      );
    }
    if (context.statusCode >= 400) status = context.statusCode;
    notFound ||= context.matches.some((match) => match.route.path === '*');
  }
  const app = <App client={client}>{page}</App>;
  const html = !plain
    ? withKeptParts(await renderToString(<ReusedPartsContext value={reusedParts}>{app}</ReusedPartsContext>))
    : await renderToString(app);
  notFound ||= client
    .getQueryCache()
    .getAll()
    .some((query) => query.state.error instanceof ApiError && query.state.error.status === 404);
  if (status === 200 && notFound) status = 404;
  if (malformed) status = 400;
  return { kind: 'page', status, html, state: stateToHtml(serverState(client)) };
}
