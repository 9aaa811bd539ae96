import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Loopback names are always allowed: development and local tests. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostname(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

/**
 * The origin for absolute URLs (sitemap, robots.txt, canonical and og:url). PUBLIC_URL when set;
 * otherwise the request's host only when it is in ALLOWED_HOSTS (as `host` or `host:port`) or is a
 * loopback name. Any other Host header is ignored, so a forged one never reaches a page or a cached
 * sitemap: the first allowed host, or this server's local address, is used instead.
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = (request.host ?? '').toLowerCase();
  const allowed =
    config.allowedHosts.includes(host) || config.allowedHosts.includes(hostname(host)) || LOOPBACK.has(hostname(host));
  if (allowed && /^[a-z0-9.\-[\]:]+$/.test(host)) return `${request.protocol}://${host}`;
  const fallback = config.allowedHosts[0];
  return fallback ? `${request.protocol}://${fallback}` : `http://localhost:${config.port}`;
}
