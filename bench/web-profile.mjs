#!/usr/bin/env node
// `node bench/web-profile.mjs URL [--cpu=4] [--min=10] [--wait=5000] [--tasks]`: where a page's main-thread script time goes
// while it loads and hydrates, as Lighthouse's phone would spend it. Opens URL in Debian's Chromium with
// the CPU slowed down (4x, Lighthouse's mobile setting), records a CPU profile from navigation until
// --wait ms after the load event (the page must have hydrated by then), and maps every frame of the page's own scripts back to its
// source through the source maps the server serves beside them (`/assets/x.js.map`).
//
// Prints the self time by package and by function, then the call paths that took at least --min ms
// (recursion chains of React's tree walks folded into one line). Times are on the slowed clock, like
// Lighthouse's TBT; '(program)' is the browser's own native work (parsing, style, layout, compiling).
// --tasks: instead, every stretch of work without an idle moment that took at least --min ms (a
// long task, as Lighthouse would count it at --cpu=1 times 4), with what it spent its time on.
// Run it against a running store (`npm start`, or the server bench/web.mjs starts).
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumFlags } from '../apps/web/e2e/chromium.mjs';
import { args } from './lib.mjs';

const url = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!url) {
  console.error('usage: node bench/web-profile.mjs URL [--cpu=4] [--min=10] [--wait=5000]');
  process.exit(1);
}
const CPU = Number(args.cpu ?? 4);
const MIN_MS = Number(args.min ?? 10);
const WAIT_MS = Number(args.wait ?? 5000);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumFlags,
});
let profile;
try {
  // Lighthouse's mobile viewport.
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  // No polling for hydration while recording (the test driver's own scripts would be in the profile):
  // the load event, then a fixed wait, then a check that the page did hydrate in it.
  await page.goto(url);
  await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  ({ profile } = await cdp.send('Profiler.stop'));
  if (!(await page.locator('html[data-hydrated]').count())) {
    throw new Error(`${url} had not hydrated ${WAIT_MS} ms after its load event: try --wait=${WAIT_MS * 2}`);
  }
} finally {
  await browser.close();
}

// Source maps of the page's scripts, fetched once each (null when a script has none).
const maps = new Map();
for (const node of profile.nodes) {
  const script = node.callFrame.url;
  if (!script.startsWith('http') || maps.has(script)) continue;
  maps.set(script, null);
  const res = await fetch(`${script}.map`).catch(() => null);
  if (res?.ok) maps.set(script, new SourceMapConsumer(await res.json()));
}

const source = (file) => file.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
const packageOf = (file) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return m ? m[1] : 'the app';
};
/** A frame as `function file:line` in the original sources, and its package. */
function describe({ functionName, url: script, lineNumber, columnNumber }) {
  const map = maps.get(script);
  if (!map)
    return {
      label: `${functionName || '(anonymous)'} ${script.split('/').pop()}`.trim(),
      pkg: script ? 'other scripts' : functionName || '(native)',
    };
  const pos = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  const file = pos.source ?? '?';
  return { label: `${pos.name || functionName || '(anonymous)'} ${source(file)}:${pos.line}`, pkg: packageOf(file) };
}

const byId = new Map(profile.nodes.map((n) => [n.id, { ...n, ...describe(n.callFrame) }]));
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, byId.get(n.id));
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const inclusive = new Map();
function total(node) {
  if (!inclusive.has(node.id)) {
    let t = self.get(node.id) ?? 0;
    for (const child of node.children ?? []) t += total(byId.get(child));
    inclusive.set(node.id, t);
  }
  return inclusive.get(node.id);
}

const ms = (us) => `${(us / 1000).toFixed(0).padStart(6)} ms`;
const top = (pairs, n) => [...pairs].sort((a, b) => b[1] - a[1]).slice(0, n);
const sum = (key) => {
  const out = new Map();
  for (const [id, us] of self) {
    const k = byId.get(id)[key];
    if (k !== '(idle)') out.set(k, (out.get(k) ?? 0) + us);
  }
  return out;
};

console.log(`${url}: CPU ${CPU}x slower, ${ms(profile.endTime - profile.startTime).trim()} recorded\n`);
console.log('self time by package');
for (const [k, us] of top(sum('pkg'), 12)) console.log(`${ms(us)}  ${k}`);
console.log('\nself time by function');
for (const [k, us] of top(sum('label'), 25)) console.log(`${ms(us)}  ${k}`);
console.log(`\ncall paths of ${MIN_MS} ms or more`);
/** The children that took at least --min ms. */
const heavy = (node) =>
  (node.children ?? []).map((c) => byId.get(c)).filter((c) => total(c) >= MIN_MS * 1000 && c.label !== '(idle)');
function walk(node, depth) {
  // A chain of functions calling each other again and again (React walking the tree) is shown once.
  let shown = node;
  const chain = new Set([node.label]);
  for (let next = heavy(shown); next.length === 1; next = heavy(shown)) {
    const [child] = next;
    const again = chain.has(child.label) || (child.children ?? []).some((c) => byId.get(c).label === shown.label);
    if (!again) break;
    chain.add(child.label);
    shown = child;
  }
  console.log(`${ms(total(node))}  ${'  '.repeat(depth)}${node.label}${shown === node ? '' : ' (recursive)'}`);
  for (const child of heavy(shown)) walk(child, depth + 1);
}
for (const child of heavy(byId.get(profile.nodes[0].id))) walk(child, 0);

if (args.tasks) {
  // The samples in order; a stretch ends at the first idle sample.
  const stretches = [];
  let current = null;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (node.label.startsWith('(idle)')) {
      current = null;
      return;
    }
    if (!current) stretches.push((current = { start: at, samples: [] }));
    current.samples.push({ node, us: profile.timeDeltas[i + 1] ?? 0 });
  });
  console.log(`\nstretches of work of ${MIN_MS} ms or more (start after the recording began)`);
  for (const stretch of stretches) {
    const us = stretch.samples.reduce((n, s) => n + s.us, 0);
    if (us < MIN_MS * 1000) continue;
    const bySelf = new Map();
    // The outermost frame of the page's own code in each sample: what the task was doing.
    const byRoot = new Map();
    for (const { node, us: t } of stretch.samples) {
      bySelf.set(node.label, (bySelf.get(node.label) ?? 0) + t);
      let outer = node;
      for (let n = node; n; n = parentOf.get(n.id)) if (n.pkg !== '(root)' && n.callFrame.url) outer = n;
      byRoot.set(outer.label, (byRoot.get(outer.label) ?? 0) + t);
    }
    console.log(`${ms(us)}  at ${((stretch.start - profile.startTime) / 1000).toFixed(0)} ms`);
    for (const [k, t] of top(byRoot, 3)) console.log(`          from ${(t / 1000).toFixed(1).padStart(6)} ms  ${k}`);
    for (const [k, t] of top(bySelf, 6)) console.log(`          self ${(t / 1000).toFixed(1).padStart(6)} ms  ${k}`);
  }
}
