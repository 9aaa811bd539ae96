import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.js';
import { publicOrigin } from '../lib/origin.js';
import { CachedAnswer, answerCache } from '../lib/answers/cache.js';
import { etagMatches, preferredEncoding } from '../lib/answers/http.js';
import { catalogue, type PageReads } from '../modules/catalogue/index.js';
import { headForPath } from '../modules/seo/index.js';
import { createPageRenderer, PAGE_CACHE_CONTROL, type RenderedPage } from './render.js';

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * One origin: the built storefront, every page rendered on the server from the app's own routes
 * (render.ts; the plain single-page app when the build has no server bundle), hashed assets cached
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
  const indexHtml = app.pageTemplate ?? '';
  const hasWeb = app.pageTemplate !== null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes each script and stylesheet also as .br and .gz (apps/web/vite.config.ts,
      // precompress): sent as they are to a browser that takes them, never compressed again.
      preCompressed: true,
      // dist/server/ holds the server renderer's bundle: it is not a file for browsers.
      allowedPath: (pathname) => !pathname.startsWith('/server/'),
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
  const renderPage = hasWeb ? await createPageRenderer(app, dist, indexHtml) : null;
  const cache = answerCache(app.db);

  /** The template with the page's own title, description and Open Graph tags. */
  async function documentFor(request: FastifyRequest, pathname: string, origin: string, reads?: PageReads) {
    try {
      const head = await headForPath(app.db, pathname, origin, reads);
      if (head) return injectHead(indexHtml, head.title, head.description, head.extra ?? '');
    } catch (err) {
      request.log.warn({ err }, 'page head failed; serving defaults');
    }
    return indexHtml;
  }

  async function sendApp(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.url.split('?')[0] ?? '/';
    // An address that cannot be decoded keeps the default head; the renderer answers it with the 400 page.
    const pathname = decodeOr(raw);
    const origin = publicOrigin(config, request);
    if (!renderPage) {
      const html = await documentFor(request, pathname, origin);
      return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    // A page is the same for everybody: made once per address for a few seconds, like the catalogue's
    // answers, and forgotten with them on every catalogue write.
    // Its head and its body read the same book: once, for both (catalogue.pageReads).
    const rendered: RenderedPage = await cache.get(`page:${origin}${request.url}`, async () => {
      const reads = catalogue.pageReads(app.db);
      return renderPage(`${origin}${request.url}`, await documentFor(request, pathname, origin, reads), reads);
    });
    const { page } = rendered;
    if (!page) return reply.redirect(rendered.location ?? '/', rendered.status);
    const vary = reply.getHeader('vary');
    reply
      .header('Cache-Control', PAGE_CACHE_CONTROL)
      .header('ETag', page.etag)
      .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.code(rendered.status).type('text/html; charset=utf-8');
    // Compressed once per page and kept with it (this handler also serves the not-found route, which
    // the compress plugin does not see).
    const encoding =
      page.body.length >= CachedAnswer.COMPRESS_FROM
        ? preferredEncoding(request.headers['accept-encoding'])
        : undefined;
    if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(page.br());
    if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(page.gzip());
    return reply.send(page.body);
  }

  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, sendApp);
  }
  // The errors plugin and the bad-address answer (app.ts) send the shop's own page for a page's address.
  if (renderPage) app.decorate('sendPage', sendApp);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (hasWeb && isPageRequest(request.method, request.url)) return sendApp(request, reply);
    return reply.code(404).send({ error: `No such address: ${request.method} ${pathname}` });
  });
});

/**
 * Whether a request asks for one of the shop's pages (answered with HTML, its errors too), rather than
 * the API, media or a file: a GET or HEAD outside /api and /media, with no file extension.
 */
export function isPageRequest(method: string, url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  const isApi = pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/media/');
  return (method === 'GET' || method === 'HEAD') && !isApi && !path.extname(pathname);
}

function decodeOr(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the shop's server-rendered page for the request's address (only with a server renderer). */
    sendPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

function injectHead(html: string, title: string, description: string, extra: string): string {
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', `${extra}</head>`);
}
