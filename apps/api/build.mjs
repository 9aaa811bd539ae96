// Bundles the API server into dist/server.js, and the operator's commands (migrate-cli, cli = seed,
// create-admin, backup-cli; scripts/run-command.mjs runs them where tsx is not installed): our code and the contract package inline,
// every npm dependency left external and loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server.ts',
    'src/ops/migrate-cli.ts',
    'src/seed/cli.ts',
    'src/modules/accounts/create-admin.ts',
    'src/ops/backup-cli.ts',
  ],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@bookstore/contract': '../../packages/contract/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
