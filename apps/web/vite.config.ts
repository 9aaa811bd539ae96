import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, minifySync, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null };

/**
 * Whether a module is statically imported, at any depth, by the entry (src/main.tsx): code that every
 * page loads before it can hydrate, whichever page it is.
 */
function startsWithEveryPage(graph: ModuleGraph, known: Map<string, boolean>) {
  const visit = (id: string): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    known.set(id, false); // an import cycle leads nowhere new
    const info = graph.getModuleInfo(id);
    const found = Boolean(info && (info.isEntry || info.importers.some(visit)));
    known.set(id, found);
    return found;
  };
  return visit;
}

const cataloguePart =
  /src[\\/](components[\\/]ui[\\/](Badge|ErrorState|NeedsScriptNote)|features[\\/]catalogue[\\/]components[\\/](BookCard|AddToCartButton))\.tsx$|src[\\/]lib[\\/]dates\.ts$/;

// React Router's build without its development warnings (its package hands bundlers the development one).
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * React Router's code as the browser needs it (docs/decisions/0021-less-script.md). Its package
 * holds every mode in one module, and three patterns there keep code the app never runs:
 * - Link, NavLink and Form are top-level `forwardRef` calls given a `displayName` after: both must
 *   stay unless the calls are marked pure and the names (for React's developer tools) go. Form,
 *   which the app does not use, then goes with its hooks (useSubmit, the form helpers).
 * - `<Link prefetch>` (framework mode's route-module prefetching, which this app has no use for:
 *   no route modules, and no Link here passes `prefetch`) brings the prefetch links and their
 *   route-manifest helpers into every page.
 * About 2.5 KiB gzip in all. A pattern that no longer matches (a new React Router) is a warning, and
 * the size check (e2e/js-size.spec.ts) says what it costs.
 */
const trimRouter: Plugin = {
  name: 'bookstore:trim-router',
  apply: 'build',
  transform: {
    filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[^/\\]+\.mjs$/ },
    handler(code) {
      // The module with the components (the package's other chunks have none of this).
      if (!/^var Link = /m.test(code)) return null;
      const edits: [RegExp, string][] = [
        [/^(var (?:Link|NavLink|Form) = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2'],
        [/^\w+\.displayName = "\w+";$/gm, ''],
        [
          /return shouldPrefetch && !isAbsolute \? \/\* @__PURE__ \*\/ React\d*\.createElement\(React\d*\.Fragment, null, link, \/\* @__PURE__ \*\/ React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)\) : link;/,
          'return link;',
        ],
        // The same prefetching's hook: without framework mode's context it only ever answers "no".
        [/= usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/, '= [false, null, {}];'],
        // React Server Components' error handling (redirects and errors encoded in a digest): only
        // inside an RSC router, which this app has none of.
        [
          /if \(this\.context && typeof error === "object" && error && "digest" in error && typeof error\.digest === "string"\) \{\s*const decoded = decodeRouteErrorResponseDigest\(error\.digest\);\s*if \(decoded\) error = decoded;\s*\}/,
          '',
        ],
        // NavLink's view-transition state: no link here asks for a view transition.
        [
          /routerState != null && \/\/[^\n]*\n\s*\/\/[^\n]*\n\s*useViewTransitionState\(path\) && viewTransition === true;/,
          'false;',
        ],
        [
          /if \(this\.context\) \{\s*return \/\* @__PURE__ \*\/ React\d*\.createElement\(RSCErrorHandler, \{ error \}, result\);\s*\}/,
          '',
        ],
        // The data router's state in route rendering (errors, hydrate fallbacks, lazy routes still
        // loading, onError): `useRoutes` under <BrowserRouter> never has one (src/app/client-routes.tsx);
        // the server renders with the package's development build, which this does not touch.
        [
          /^function useRoutesImpl\(routes, locationArg, dataRouterOpts\) \{/m,
          'function useRoutesImpl(routes, locationArg) {\n  const dataRouterOpts = void 0;',
        ],
        [
          /^function _renderMatches\(matches, parentMatches = \[\], dataRouterOpts\) \{\n\s*let dataRouterState = dataRouterOpts\?\.state;/m,
          'function _renderMatches(matches, parentMatches = []) {\n  const dataRouterOpts = void 0, dataRouterState = void 0;',
        ],
        // The data router's error boundary, used only there (above): its context type is a top-level
        // statement that would keep the class.
        [/^RenderErrorBoundary\.contextType = \w+;$/m, ''],
      ];
      let trimmed = code;
      for (const [pattern, replacement] of edits) {
        if (!pattern.test(trimmed))
          this.warn(`react-router: ${pattern} no longer matches (vite.config.ts, trimRouter)`);
        pattern.lastIndex = 0;
        trimmed = trimmed.replace(pattern, replacement);
      }
      return { code: trimmed, map: null };
    },
  },
};

/**
 * Vite wraps every dynamic import in `__vitePreload(() => import(...), deps)`, whose helper (0.6 KiB
 * gzip, in the first file) adds <link> tags for the chunk's dependencies and waits for its
 * stylesheets. Here it has nothing to do: no <link rel="modulepreload"> (`modulePreload: false`
 * below) and no screen imports a stylesheet (the one stylesheet is the page's own, src/index.css), so
 * no call has a stylesheet to wait for but the page's own, linked already. The helper becomes a plain
 * call of the import. Should a lazy chunk ever bring a stylesheet of its own, the build fails here
 * rather than shipping a screen without its styles.
 */
const noPreloadHelper: Plugin = {
  name: 'bookstore:no-preload-helper',
  apply: 'build',
  enforce: 'post',
  transform: {
    filter: { id: /^\0vite\/preload-helper\.js$/ },
    handler() {
      return { code: 'export const __vitePreload = (load) => load();', map: null };
    },
  },
  generateBundle(_, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    // The page's own stylesheet is linked by index.html: a lazy chunk may list it, it is there already.
    const linked = new Set(
      chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...chunk.viteMetadata!.importedCss]),
    );
    for (const chunk of chunks) {
      const css = [...chunk.viteMetadata!.importedCss].filter((file) => !linked.has(file));
      if (css.length > 0)
        this.error(
          `${chunk.fileName} brings ${css.join(', ')}: a lazy chunk's stylesheet is for Vite's preload helper to load, and it is a stand-in here (vite.config.ts, noPreloadHelper)`,
        );
    }
  },
};

/**
 * The built page names its entry in <meta name="app-entry"> instead of loading it with a
 * <script type="module">: public/boot.js imports it once the server's page has painted, so the
 * cover is not queued behind the app's code (decision 0010). A build whose page has no entry script
 * to move fails here rather than shipping a page that never starts.
 */
const startAfterPaint: Plugin = {
  name: 'bookstore:start-after-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
      if (!entry.test(html)) throw new Error('index.html: no entry <script type="module"> to start after paint');
      return html.replace(entry, '<meta name="app-entry" content="$1">');
    },
  },
};

/**
 * public/boot.js goes into the page, minified: the first paint then waits for one request fewer (it
 * has to run before the paint, to set the theme). The server allows it by its hash, and still no
 * other inline script (apps/api/src/lib/html.ts, inlineScriptHashes). Inlining the stylesheet too
 * was measured and not kept: the page grew by 10 KB compressed and painted later (decision 0010).
 */
const inlineBoot: Plugin = {
  name: 'bookstore:inline-boot',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const boot = /<script src="\/boot\.js"><\/script>/;
      if (!boot.test(html)) throw new Error('index.html: no <script src="/boot.js"> to inline');
      const source = readFileSync(fileURLToPath(new URL('public/boot.js', import.meta.url)), 'utf8');
      const minified = minifySync('boot.js', source, {});
      if (minified.errors.length > 0) throw new Error(`public/boot.js: ${minified.errors[0]!.message}`);
      const script = minified.code.trim();
      if (/<\/script/i.test(script)) throw new Error('public/boot.js cannot be inlined: it contains </script');
      return html.replace(boot, () => `<script>${script}</script>`);
    },
  },
};

/**
 * Every script and stylesheet under assets/ also as `.br` (brotli at its best, quality 11) and `.gz`
 * (gzip -9) beside it, made once here: the server sends them as they are (`preCompressed` in
 * apps/api/src/plugins/web.ts) instead of compressing the same file again for every visitor at a
 * quick quality. The stylesheet the first paint waits for is 16% smaller this way (11.6 KB to 9.7 KB),
 * the app's code 13%.
 */
const precompress: Plugin = {
  name: 'bookstore:precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir;
    if (!dir) return;
    const brotli = promisify(brotliCompress);
    const gzipped = promisify(gzip);
    await Promise.all(
      Object.values(bundle)
        .filter((file) => /^assets\/.*\.(js|css)$/.test(file.fileName))
        .map(async (file) => {
          const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (bytes.length < 1024) return;
          const target = path.join(dir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
    );
  },
};

/**
 * Two builds: the browser's (`vite build`, into dist/) and the server renderer's (`vite build --ssr
 * src/entry-server.tsx`, into dist/server/, which the API server never serves as a file). The server
 * bundle carries its dependencies, so a build copied anywhere (the browser suite's) runs as it is.
 */
/**
 * The contract's country list (i18n-iso-countries): its Node entry loads every language's names with
 * a computed require, which a bundle cannot carry; the codes the contract uses are in its browser entry.
 */
const countryCodes = { find: /^i18n-iso-countries$/, replacement: 'i18n-iso-countries/index.js' };

export default defineConfig(({ isSsrBuild }) => {
  const known = new Map<string, boolean>();
  return {
    plugins: [
      react(),
      tailwindcss(),
      startAfterPaint,
      inlineBoot,
      trimRouter,
      noPreloadHelper,
      ...(isSsrBuild ? [] : [precompress]),
    ],
    resolve: isSsrBuild
      ? { alias: [countryCodes] }
      : {
          alias: [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ],
        },
    server: {
      port: 5173,
      proxy: { '/api': api, '/media': api, '/sitemap.xml': api, '/robots.txt': api },
    },
    ssr: { noExternal: true, target: 'node' },
    build: isSsrBuild
      ? { target: 'node20', sourcemap: true, copyPublicDir: false, emptyOutDir: true }
      : {
          target: 'es2022',
          sourcemap: true,
          // No <link rel="modulepreload"> for the app's chunks: in the page they would share the
          // connection with the CSS and the cover the first paint waits for.
          modulePreload: false,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // What every page needs before it hydrates (React, the router, TanStack Query, the
                // layout) in one file: one request, no chain of imports to discover one round trip
                // after another, and one gzip stream instead of thirty. Each screen is a chunk of its
                // own (routes.tsx); the size check (e2e/js-size.spec.ts) keeps the pages in budget.
                groups: [
                  {
                    // Also what the catalogue's pages share (a book's card, a badge, the error and
                    // no-script notes, the date formats): each of the pages where visits start uses it, and in this file it
                    // compresses with the rest instead of arriving as a later small request.
                    name: (id, graph) =>
                      startsWithEveryPage(graph, known)(id) || cataloguePart.test(id) ? 'start' : null,
                  },
                  // TanStack Query's mutation observer (useMutation): the package's index imports it,
                  // so the group above would take it along, but no page where visits start runs it
                  // (the wishlist heart and the newsletter box do without). It loads with the screens
                  // that change things (cart, checkout, account, reviews).
                  {
                    name: 'mutations',
                    priority: 1,
                    includeDependenciesRecursively: false,
                    test: /node_modules[\\/]@tanstack[\\/](query-core[\\/].*[\\/]mutationObserver|react-query[\\/].*[\\/]useMutation)\.js$/,
                  },
                  // The book page and its first reviews (app/routes/book.tsx): one file. The reviews tab's
                  // code (loaded on that page only) takes the review from it.
                  {
                    name: 'book',
                    test: /src[\\/](app[\\/]routes[\\/]book|features[\\/]catalogue[\\/]pages[\\/]BookDetailPage|features[\\/]reviews[\\/]components[\\/]ReviewItem)\.tsx$/,
                  },
                  // The listings (/books, an author's, a category's page): one file, not a chain of three.
                  {
                    name: 'listing',
                    test: /src[\\/]features[\\/]catalogue[\\/](components[\\/](BookBrowser|CollectionPage)|pages[\\/](BooksPage|AuthorPage|CategoryPage))\.tsx$/,
                  },
                ],
              },
            },
          },
        },
  };
});
