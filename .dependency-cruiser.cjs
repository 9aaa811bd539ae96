/**
 * The API's layers (README, "Layout"), checked by `npm run check:layers` and CI. Lowest first: lib and
 * db; modules (each used by others only through its index.ts); plugins; app.ts and what runs it
 * (server.ts, startup.ts, seed/, ops/). Paths are matched from any `src/` so the deliberate violations
 * in apps/api/fixtures/layers/ are judged by the very same rules (apps/api/src/layers.test.ts).
 */
const top = '(^|/)src/(app|server|startup)\\.ts$|(^|/)src/(seed|ops)/';
/**
 * The layers, lowest first. Each may import its own layer and those below it; a rule per layer forbids
 * importing any layer above.
 */
const layers = [
  {
    path: '(^|/)src/(lib|db)/',
    rule: 'lib-and-db-are-the-bottom',
    comment: 'lib/ and db/ are below everything: they import no module, plugin or app file.',
  },
  {
    path: '(^|/)src/modules/',
    rule: 'modules-do-not-import-plugins',
    comment: 'Plugins and the app are built on modules, never the other way round.',
  },
  {
    path: '(^|/)src/plugins/',
    rule: 'plugins-do-not-import-the-app',
    comment: 'The app is built on plugins, never the other way round.',
  },
  { path: top },
];
const noUpwardImports = layers.slice(0, -1).map(({ path, rule, comment }, i) => ({
  name: rule,
  comment,
  severity: 'error',
  from: { path },
  to: { path: layers.slice(i + 1).map((above) => above.path) },
}));
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import circle: two files (or modules) that need each other cannot be understood, tested or moved alone.',
      severity: 'error',
      from: { path: '(^|/)src/' },
      to: { circular: true },
    },
    ...noUpwardImports,
    {
      name: 'modules-meet-through-their-faces',
      comment: 'Another module is used through its index.ts, never its files.',
      severity: 'error',
      from: { path: '(^|/)src/modules/([^/]+)/' },
      to: { path: '(^|/)src/modules/[^/]+/', pathNot: ['(^|/)src/modules/$2/', '(^|/)src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-meets-modules-through-their-faces',
      severity: 'error',
      from: { path: ['(^|/)src/(plugins|lib|db)/', top] },
      to: { path: '(^|/)src/modules/[^/]+/', pathNot: '(^|/)src/modules/[^/]+/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach into what they test; they are not part of the layering.
    exclude: { path: ['\\.test\\.ts$', '(^|/)src/(test|faults)/', 'node_modules'] },
    tsPreCompilationDeps: true,
  },
};
