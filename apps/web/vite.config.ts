import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
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

// React Router's build without its development warnings (its package hands bundlers the development one).
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url));

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
    plugins: [react(), tailwindcss(), startAfterPaint, inlineBoot],
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
                // layout, the home page) in one file: one request, no chain of imports to discover
                // one round trip after another, and one gzip stream instead of thirty.
                groups: [
                  {
                    name: (id, graph) => (startsWithEveryPage(graph, known)(id) ? 'start' : null),
                  },
                ],
              },
            },
          },
        },
  };
});
