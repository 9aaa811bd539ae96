#!/usr/bin/env node
// Starts a throwaway store for the browser suite: a fresh build of the app (browser and server
// renderer) into a private folder, and the API server from source on a fresh embedded database with
// the demo catalogue. Removed on exit.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { serverProcessEnv } from '../../../scripts/server-process.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.resolve(web, '..', 'api');
// E2E_WORK_DIR: a folder of the caller's (bench/web.mjs puts its baseline page in its media folder).
const work = process.env.E2E_WORK_DIR || mkdtempSync(path.join(tmpdir(), 'bookstore-e2e-'));
const dist = path.join(work, 'web');

// The browser's build, then the server renderer's beside it (dist/server), as `npm run build` makes them.
for (const args of [
  ['--outDir', dist, '--emptyOutDir'],
  ['--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, 'server')],
]) {
  const build = spawnSync('npx', ['vite', 'build', ...args, '--logLevel', 'error'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A real mail server on a free loopback port: the store sends to it over SMTP, and each message that
// arrives is written as JSON to E2E_MAIL_DIR, where the journeys read it (e2e/mailbox.ts).
const mailDir = process.env.E2E_MAIL_DIR || path.join(work, 'received-mail');
mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = [mail.to]
          .flat()
          .filter(Boolean)
          .flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
        const file = path.join(mailDir, `${String(++received).padStart(6, '0')}.json`);
        writeFileSync(
          file,
          JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' }),
        );
        callback();
      })
      .catch(callback);
  },
});
const smtpPort = await new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(smtp.server.address().port)));

const server = spawn('npx', ['tsx', 'src/server.ts'], {
  cwd: api,
  stdio: 'inherit',
  env: {
    ...serverProcessEnv(),
    // As `npm start` runs a fresh clone: production, the embedded database, the demo catalogue.
    NODE_ENV: 'production',
    EMBEDDED_IN_PRODUCTION: 'true',
    SEED_DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '4100',
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST: dist,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    ADMIN_EMAIL: 'admin@bookstore.test',
    ADMIN_PASSWORD: 'staff-password-1',
    // Each journey says where it comes from (X-Forwarded-For, e2e/fixtures.ts); a journey that does not
    // (bench/web.mjs) signs up from this one address.
    TRUST_PROXY: 'true',
    SIGNUPS_PER_HOUR: '100000',
    SMTP_URL: `smtp://e2e:e2e@127.0.0.1:${smtpPort}`,
  },
});
const cleanup = () => {
  smtp.close();
  rmSync(work, { recursive: true, force: true });
  if (process.env.E2E_MAIL_DIR) rmSync(process.env.E2E_MAIL_DIR, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
