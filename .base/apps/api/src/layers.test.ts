import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's layering (README, "Layout"): the rules hold on the real tree, and each one catches a
 * deliberate violation, so a rule that silently stops working fails here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function cruise(dir: string): { rule: string; from: string; to: string }[] {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      dir,
    ],
    { cwd: root, encoding: 'utf8' },
  );
  const report = JSON.parse(result.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe('the API layers', () => {
  it('hold on apps/api/src: no circle, no upward import, no reach into another module', () => {
    expect(cruise('apps/api/src')).toEqual([]);
  }, 60_000);

  it('catch each deliberate violation in apps/api/fixtures/layers', () => {
    const rules = new Set(cruise('apps/api/fixtures/layers/src').map((v) => v.rule));
    expect([...rules].sort()).toEqual([
      'lib-and-db-are-the-bottom',
      'modules-do-not-import-plugins',
      'modules-meet-through-their-faces',
      'no-circular',
      'outside-meets-modules-through-their-faces',
      'plugins-do-not-import-the-app',
    ]);
  }, 60_000);

  it('are also lint errors in the editor: a module importing another module’s file, or a plugin', async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src', file) });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    };
    const internal = await lint(
      'modules/orders/example.ts',
      "export { listBooks } from '../catalogue/repository.js';\n",
    );
    expect(internal).toEqual([expect.stringContaining("Use the other module's index.ts")]);
    expect(await lint('modules/orders/example.ts', "export { catalogue } from '../catalogue/index.js';\n")).toEqual([]);
    expect(await lint('modules/orders/example.ts', "export { stock } from './stock.js';\n")).toEqual([]);
    expect(await lint('modules/orders/example.ts', "export { authPlugin } from '../../plugins/auth.js';\n")).toEqual([
      expect.stringContaining('A module does not import plugins'),
    ]);
    expect(await lint('plugins/example.ts', "export { catalogue } from '../modules/catalogue/service.js';\n")).toEqual([
      expect.stringContaining("Use the other module's index.ts"),
    ]);
    expect(await lint('lib/example.ts', "export { booksRoutes } from '../modules/books/index.js';\n")).toEqual([
      expect.stringContaining('lib and db are the bottom layer'),
    ]);
  }, 60_000);
});
