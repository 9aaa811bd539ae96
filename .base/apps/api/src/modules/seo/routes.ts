import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { publicOrigin } from '../../lib/origin.js';
import { booksSitemapXml, pagesSitemapXml, robotsTxt, sitemapXml } from './sitemap.js';

const HOUR = 'public, max-age=3600';

/** /sitemap.xml and /robots.txt for search engines, at the root of the site (no /api prefix). */
export async function seoRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const originOf = (request: FastifyRequest) => publicOrigin(app.config, request);
  const hide = { hide: true };

  // A robots.txt shipped with the built storefront wins (two routes for one path would not start).
  const dist = app.config.webDist;
  if (!existsSync(path.join(dist, 'robots.txt'))) {
    app.get('/robots.txt', { schema: hide }, async (request, reply) =>
      reply
        .header('Cache-Control', HOUR)
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(originOf(request))),
    );
  }

  app.get('/sitemap.xml', { schema: hide }, async (request, reply) =>
    reply
      .header('Cache-Control', HOUR)
      .type('application/xml; charset=utf-8')
      .send(await sitemapXml(app.db, originOf(request))),
  );

  app.get('/sitemap-pages.xml', { schema: hide }, async (request, reply) =>
    reply
      .header('Cache-Control', HOUR)
      .type('application/xml; charset=utf-8')
      .send(await pagesSitemapXml(app.db, originOf(request))),
  );

  app.get(
    '/sitemap-books-:part.xml',
    {
      schema: {
        ...hide,
        params: z.object({
          part: z
            .string()
            .regex(/^\d{1,6}$/)
            .transform(Number),
        }),
      },
    },
    async (request, reply) => {
      const xml = await booksSitemapXml(app.db, originOf(request), Math.max(1, request.params.part));
      if (!xml) throw notFound('No such sitemap');
      return reply.header('Cache-Control', HOUR).type('application/xml; charset=utf-8').send(xml);
    },
  );
}
