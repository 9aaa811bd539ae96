import { Component, createContext, lazy, useContext, useRef, type ComponentType, type ReactNode } from 'react';
import { type LoaderFunctionArgs, matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';

/**
 * The browser's router: React Router's declarative mode (`<BrowserRouter>` and `useRoutes`) over the
 * same route table (routes.tsx) the server renders with its data router. The data router's own code
 * (createRouter, loaders and lazy routes, fetchers, revalidation, about 17 KiB gzip) never ran
 * anything the browser needed: the loaders only start queries and wait for nothing there, and a
 * screen's code is a dynamic import. So this file does those two things itself, and the error
 * elements, with its own few lines (docs/decisions/0021-less-script.md).
 */

type Loader = (args: LoaderFunctionArgs) => unknown;
type Lazy = () => Promise<{ Component?: ComponentType | null; element?: ReactNode }>;

/** The error a route's boundary caught, for its error element (RouteError reads it). */
export const CaughtErrorContext = createContext<{ error: unknown } | null>(null);

/** What the route table's error elements show: the boundary's error here, the router's on the server. */
export function useCaughtError(): { error: unknown } | null {
  return useContext(CaughtErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  pathname: string;
  children: ReactNode;
}

/** A route's `errorElement`, as the data router shows it: in place of the route, until the address changes. */
class RouteBoundary extends Component<BoundaryProps, { error: unknown; pathname: string; failed: boolean }> {
  override state = { error: null as unknown, pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { pathname: string; failed: boolean }) {
    if (props.pathname !== state.pathname) return { pathname: props.pathname, failed: false, error: null };
    return null;
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <CaughtErrorContext.Provider value={{ error: this.state.error }}>
        {this.props.fallback}
      </CaughtErrorContext.Provider>
    );
  }
}

function Bounded({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteBoundary fallback={fallback} pathname={pathname}>
      {children}
    </RouteBoundary>
  );
}

/**
 * A screen whose code is not loaded yet: React.lazy, so a navigation to it suspends (inside a
 * transition: the page shown stays until the new one can draw, as with the data router).
 */
function lazyElement(load: Lazy): ReactNode {
  const Screen = lazy(async () => {
    const loaded = await load();
    const element = loaded.element;
    const Loaded = loaded.Component;
    return { default: Loaded ?? (() => element) };
  });
  return <Screen />;
}

/** The route table as `useRoutes` takes it: loaded screens as elements, the rest lazy, error elements as boundaries. */
function toClientRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { loader: _loader, lazy: load, errorElement, hydrateFallbackElement: _fallback, Component: Screen } = route;
    let element: ReactNode = route.element ?? (Screen ? <Screen /> : undefined);
    if (element === undefined && typeof load === 'function') element = lazyElement(load as Lazy);
    if (errorElement) element = <Bounded fallback={errorElement}>{element ?? <Outlet />}</Bounded>;
    return {
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      element,
      children: route.children ? toClientRoutes(route.children) : undefined,
    } as RouteObject;
  });
}

/**
 * Loads the code of the screens the address shows (call before hydrating: hydration must render what
 * the server did, not a loading state), and puts them in the table in place of their `lazy`. The
 * server renders through ClientRoutes too, so both trees are the same shape and `useId` gives the
 * same ids on both sides (an id the browser's first render does not share stays stale in the server's
 * HTML: a combobox's `aria-controls` then points at nothing).
 */
export async function loadMatchedScreens(
  routes: RouteObject[],
  location: { pathname: string; search?: string } = window.location,
) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await (route.lazy as Lazy)(), { lazy: undefined });
    }),
  );
}

/**
 * The routes for the address, and on every navigation after the first (the server's page came with
 * its data) the matched routes' loaders: they start the screen's API calls beside the download of its
 * code, as the data router did.
 */
export function ClientRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const client = useRef<RouteObject[] | null>(null);
  client.current ??= toClientRoutes(routes);
  const loaded = useRef(location.key);
  if (loaded.current !== location.key) {
    loaded.current = location.key;
    const request = new Request(new URL(location.pathname + location.search, window.location.origin));
    for (const { route, params } of matchRoutes(routes, location) ?? []) {
      if (typeof route.loader === 'function')
        void (route.loader as Loader)({ request, params, context: undefined } as never);
    }
  }
  return useRoutes(client.current, location);
}
