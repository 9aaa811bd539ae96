import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** The built storefront's page template (`index.html` in `webDist`), or null when there is no build. */
export function readPageTemplate(webDist: string): string | null {
  const file = path.join(webDist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of a page template: the build inlines the small
 * script that sets the theme before the first paint (apps/web/vite.config.ts). Only these exact
 * scripts may run inline; any other inline script (an injected one) is still refused. Scripts with a
 * `src` or a non-executable `type` (the JSON state block) are not counted.
 */
export function inlineScriptHashes(template: string): string[] {
  const hashes: string[] = [];
  for (const match of template.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*"(?!module"|text\/javascript")/i.test(attributes)) continue;
    const body = match[2] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
