import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from './config.js';
import { openDatabase } from './db/client.js';
import { rows } from './db/rows.js';

/**
 * The repository's own commands, run as the README says (`npm run seed`, `npm run create-admin` at its
 * root), keep what they make in the data folder `npm start` opens there (`DATA_DIR`, `./data`). Run
 * through the API's workspace they ran in apps/api, so the staff account went into an embedded database
 * the store never opened.
 *
 * They run in a copy of the repository's frame in a temporary folder (its package.json files and
 * tsconfig, its launcher scripts/run-command.mjs, its code and node_modules linked), so that whatever folder a command picks lies inside it.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the root commands, run as the README says', () => {
  const repo = path.join(apiRoot(), '..', '..');
  let work: string;
  const frame = () => path.join(work, 'repo');

  function npm(args: string[]) {
    const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_OPTIONS: _options, ...env } = process.env;
    const result = spawnSync('npm', ['--silent', 'run', ...args], {
      cwd: frame(),
      env: { ...env, NODE_ENV: 'development', JWT_SECRET: 'root-commands-secret-root-commands-secret' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  }

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'bookstore-root-commands-'));
    const api = path.join(frame(), 'apps', 'api');
    mkdirSync(api, { recursive: true });
    for (const file of ['package.json', 'tsconfig.base.json']) cpSync(path.join(repo, file), path.join(frame(), file));
    for (const file of ['package.json', 'tsconfig.json'])
      cpSync(path.join(repo, 'apps', 'api', file), path.join(api, file));
    // The other workspaces' package.json files, so that npm finds every workspace the root names.
    for (const workspace of ['packages/contract', 'apps/web']) {
      mkdirSync(path.join(frame(), workspace), { recursive: true });
      cpSync(path.join(repo, workspace, 'package.json'), path.join(frame(), workspace, 'package.json'));
    }
    // The launcher the root's scripts run (copied: it finds the tree from where it lies).
    mkdirSync(path.join(frame(), 'scripts'));
    cpSync(path.join(repo, 'scripts', 'run-command.mjs'), path.join(frame(), 'scripts', 'run-command.mjs'));
    symlinkSync(path.join(repo, 'node_modules'), path.join(frame(), 'node_modules'));
    symlinkSync(path.join(repo, 'apps', 'api', 'src'), path.join(api, 'src'));
    if (existsSync(path.join(repo, 'apps', 'api', 'node_modules'))) {
      symlinkSync(path.join(repo, 'apps', 'api', 'node_modules'), path.join(api, 'node_modules'));
    }
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // Two commands each start tsx and open the embedded database: on a busy machine that takes longer than the usual test's 30 s.
  it(
    'npm run create-admin and npm run seed write into ./data at the root, where npm start reads',
    { timeout: 240_000 },
    async () => {
      npm([
        'create-admin',
        '--',
        '--email',
        'owner@shop.test',
        '--username',
        'owner',
        '--password',
        'quiet lantern 1917',
      ]);
      npm(['seed', '--', '--books', '0']);

      expect(existsSync(path.join(frame(), 'apps', 'api', 'data'))).toBe(false);
      const dataDir = path.join(frame(), 'data');
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        const [staff] = await rows<{ username: string; is_staff: boolean }>(
          database.db,
          sql`SELECT username, is_staff FROM users WHERE email = 'owner@shop.test'`,
        );
        expect(staff).toEqual({ username: 'owner', is_staff: true });
        const [books] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM books`);
        expect(books!.n).toBeGreaterThanOrEqual(60);
      } finally {
        await database.close();
      }
      // The demo's covers, beside the database that names them.
      expect(readdirSync(path.join(dataDir, 'media', 'covers')).length).toBeGreaterThanOrEqual(60);
    },
  );
});
