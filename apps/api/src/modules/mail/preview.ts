import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { shopOf } from './queue.js';
import { withLogoInline } from './logo.js';
import { renderMail } from './render.js';
import { type TemplateName, templates } from './templates/index.js';

/**
 * `npm run mail:preview`: every e-mail template rendered with its sample data, as HTML and plain text,
 * into DATA_DIR/mail-preview/ with an index page to open in a browser. Reads the shop's name, address
 * and PUBLIC_URL from the environment like the server.
 */
const config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET || 'p'.repeat(32) });
const shop = shopOf(config);
const out = path.join(config.dataDir, 'mail-preview');
mkdirSync(out, { recursive: true });

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const rows: string[] = [];
for (const name of Object.keys(templates) as TemplateName[]) {
  const mail = await renderMail(name, templates[name].sample as never, shop);
  writeFileSync(path.join(out, `${name}.html`), await withLogoInline(mail.html));
  writeFileSync(path.join(out, `${name}.txt`), mail.text);
  rows.push(
    `<li><a href="${name}.html">${escape(name)}</a> (<a href="${name}.txt">text</a>): ${escape(mail.subject)}</li>`,
  );
}
writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escape(shop.name)} e-mail preview</title>` +
    `<h1>${escape(shop.name)}: every e-mail</h1><ul>${rows.join('')}</ul></html>`,
);
console.log(`${rows.length} templates rendered: open ${path.join(out, 'index.html')}`);
