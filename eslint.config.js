import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under features/ is a feature; a new one is covered without editing this list.
const features = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Building blocks: the cart (the shopper's persisted cart) and payments (the card pop-up and its calls).
// They are listed for no feature here, so they use none.
const uses = { catalogue: ['cart'], wishlist: ['cart'], orders: ['cart', 'payments'] };

// The API's layers, lowest first: lib and db, then modules, then plugins, then app.ts and the scripts
// around it (server.ts, startup.ts, seed/, ops/). A module is used only through its index.ts.
const apiModules = readdirSync(new URL('./apps/api/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleInternals = {
  // Any file of a module but its face: `../books/service.js`, `../../modules/books/repository.js`.
  regex: `(^|/)modules/[^/]+/(?!index\\.js$).+$`,
  message: "Use the other module's index.ts (its public face), not its files.",
};
const upward = (layers, message) => ({
  regex: `(^|/)(${layers.join('|')})(/|\\.js$)`,
  message,
});

export default tseslint.config(
  {
    ignores: [
      'apps/api/fixtures/**',
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      '.test-results/**',
      '**/test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Features do not import each other; src/app is where they are combined. The one exception is the
  // building blocks in `uses` (docs/decisions/0011-feature-dependencies.md): a feature may use those
  // listed for it, and a building block uses no other feature, so no arrow ever points back.
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature && !(uses[feature] ?? []).includes(other))
            .map((other) => ({
              // Aliased and relative spellings alike (../../cart/stores/cart reaches another feature too).
              group: [
                `**/features/${other}/**`,
                `**/features/${other}`,
                `../${other}/**`,
                `../../${other}/**`,
                `../../../${other}/**`,
              ],
              message:
                'Features do not import each other; combine them in src/app (or declare a building block in eslint.config.js).',
            })),
        },
      ],
    },
  })),
  // API modules reach other modules through their faces, and never up into plugins or app.ts.
  ...apiModules.map((module) => ({
    files: [`apps/api/src/modules/${module}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            moduleInternals,
            {
              // From inside a module, its neighbours are `../<name>/…`.
              regex: `^\\.\\./(${apiModules.filter((other) => other !== module).join('|')})/(?!index\\.js$).+$`,
              message: moduleInternals.message,
            },
            upward(
              ['plugins', 'app', 'server', 'startup', 'seed', 'ops'],
              'A module does not import plugins or the app: they are built on modules.',
            ),
          ],
        },
      ],
    },
  })),
  {
    files: [
      'apps/api/src/plugins/**/*.ts',
      'apps/api/src/app.ts',
      'apps/api/src/startup.ts',
      'apps/api/src/seed/**/*.ts',
      'apps/api/src/ops/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleInternals] }] },
  },
  {
    files: ['apps/api/src/lib/**/*.ts', 'apps/api/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            upward(
              ['modules', 'plugins', 'app', 'server', 'startup', 'seed', 'ops'],
              'lib and db are the bottom layer: they import no module, plugin or app.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
