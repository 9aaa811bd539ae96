import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Two builds: the browser's (`vite build`, into dist/) and the server renderer's (`vite build --ssr
 * src/entry-server.tsx`, into dist/server/, which the API server never serves as a file). The server
 * bundle carries its dependencies, so a build copied anywhere (the browser suite's) runs as it is.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
        // connection with the CSS and the cover the first paint waits for. The browser finds them in
        // the entry's imports a moment later; the page is readable long before.
        modulePreload: false,
      },
}));
