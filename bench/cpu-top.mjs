#!/usr/bin/env node
// `node bench/cpu-top.mjs FILE.cpuprofile [N]`: the top self-time costs of a `node --cpu-prof` profile,
// by function and by package, as shares of the time the process was busy (idle left out; GC on its own).
import { readFileSync } from 'node:fs';

const [file, limit = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpu-top.mjs FILE.cpuprofile [N]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const hits = new Map();
const deltas = profile.timeDeltas ?? [];
profile.samples.forEach((id, i) => hits.set(id, (hits.get(id) ?? 0) + (deltas[i] ?? 0)));
const sampled = [...hits.values()].reduce((a, b) => a + b, 0);
const idle = [...hits]
  .filter(([id]) => byId.get(id).callFrame.functionName === '(idle)')
  .reduce((a, [, us]) => a + us, 0);
// Shares of busy time: the idle time depends on how much of the machine the load generator took.
const total = sampled - idle;

function where(url) {
  if (!url) return '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  return url.includes('/dist/') ? 'bookstore (bundle)' : 'bookstore';
}

const fns = new Map();
const pkgs = new Map();
for (const [id, us] of hits) {
  const { callFrame } = byId.get(id);
  if (callFrame.functionName === '(idle)') continue;
  const name = `${callFrame.functionName || '(anonymous)'} ${where(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
  fns.set(name, (fns.get(name) ?? 0) + us);
  const pkg = ['(garbage collector)', '(program)'].includes(callFrame.functionName)
    ? callFrame.functionName
    : where(callFrame.url);
  pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1)}%`.padStart(6);
console.log(
  `${file}: ${(sampled / 1e6).toFixed(1)} s sampled, ${(total / 1e6).toFixed(1)} s busy; shares of busy time`,
);
console.log('\nby package (self time)');
for (const [k, v] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(v)}  ${k}`);
console.log('\nby function (self time)');
for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(limit))) console.log(`${pct(v)}  ${k}`);
