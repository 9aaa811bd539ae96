import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.js';
import { publicOrigin } from '../lib/origin.js';
import { headForPath } from '../modules/seo/head.js';

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * One origin: the built single-page app, with SPA fallback for client routes, hashed assets cached
 * for a year, and /media from DATA_DIR. Unknown /api and /media addresses answer JSON 404s.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  mkdirSync(config.mediaDir, { recursive: true });

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: ONE_YEAR * 1000,
    index: false,
    wildcard: true,
    allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')),
  });

  const dist = config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every file under assets/: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', `public, max-age=${ONE_YEAR}, immutable`);
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const origin = publicOrigin(config, request);
    let html = indexHtml;
    try {
      const head = await headForPath(app.db, pathname, origin);
      if (head) html = injectHead(html, head.title, head.description, head.extra ?? '');
    } catch (err) {
      request.log.warn({ err }, 'page head failed; serving defaults');
    }
    return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, sendApp);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/media/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && !isApi && wantsPage && !path.extname(pathname)) return sendApp(request, reply);
    return reply.code(404).send({ error: `No such address: ${request.method} ${pathname}` });
  });
});

function injectHead(html: string, title: string, description: string, extra: string): string {
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', `${extra}</head>`);
}
