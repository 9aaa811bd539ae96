#!/usr/bin/env node
// How long the main thread is blocked while a page loads and hydrates on Lighthouse's phone (CPU 4x
// slower), measured so that a busy machine moves it less than Lighthouse's TBT.
//
//   node bench/web-blocking.mjs [--runs=5] [--cpu=4] [--pages=home,book] STORE [STORE...]
//
// STORE is a running store's address (`npm start`, bench/web.mjs's, or the browser suite's
// e2e/serve.mjs). With two or more stores it is an A/B: every round loads each page once from each
// store, taking turns (the order flips every round), so a slow moment of the machine hits both.
// bench/web.mjs imports `measureBlocking` and prints the same figures for its own store.
//
// Every load is a fresh browser context (empty cache) at Lighthouse's mobile viewport. Each figure is
// a total blocking time: the sum over the main thread's tasks of (task - 50 ms), from the first
// contentful paint until 2 s after <html data-hydrated> (RootLayout sets it once the page is the
// app's), as Lighthouse adds its TBT.
//   - cpu:      a load at full speed, traced as Lighthouse traces (its categories), the top-level
//               tasks of the page's main thread each counted as its thread CPU time x 4. Lighthouse's simulation takes
//               the same unthrottled trace and counts each task as its wall time x 4, so on a busy
//               machine a task that waited for a core counts as if it had worked: CPU time leaves
//               that out. The steadiest figure here, and the one to compare builds with.
//   - wall:     the same tasks by their wall time x 4: what Lighthouse's simulation would start from.
//   - longtask: a second load with the CPU really slowed (CDP `Emulation.setCPUThrottlingRate`),
//               the page's own Long Tasks API entries (a PerformanceObserver installed by an init
//               script, before any of the page's script); the machine's load is in it too.
//   - longest:  the longest task of the traced load (CPU time x 4).
// And the time from navigation to data-hydrated in the slowed load. Medians over the runs.
import TraceGatherer from 'lighthouse/core/gather/gatherers/trace.js';
import { chromium } from 'playwright-core';
import { chromiumFlags } from '../apps/web/e2e/chromium.mjs';
import { args } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * What Lighthouse records (its trace gatherer's list, without the screenshots). The categories change
 * what the page costs: with `devtools.timeline.stack` a timer, request or yield made by script takes
 * a stack trace, and V8 re-parses every function on that stack for its source positions (the whole
 * first file, when it is its top level): work that is in Lighthouse's tasks and so in its TBT.
 */
const TRACE_CATEGORIES = TraceGatherer.getDefaultTraceCategories().filter((c) => !c.includes('screenshot'));
/** How long after data-hydrated a load is still recorded (lazy chunks, late paints). */
const AFTER_MS = 2000;

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Runs in the page before any of its own script: long tasks, the first paint, hydration. */
function observe() {
  /* global document, window, MutationObserver */
  const state = { tasks: [], fcp: null, hydratedAt: null };
  globalThis.__blocking = state;
  const hydrated = () => {
    state.hydratedAt = performance.now();
    // In the trace too (blink.user_timing).
    performance.mark('bench:hydrated');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') state.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  // The document, not <html>: an init script runs before <html> exists.
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    hydrated();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  // A page without the app (the static baseline) never hydrates: its load event stands in.
  window.addEventListener('load', () => {
    if (!document.querySelector('meta[name="app-entry"]') && state.hydratedAt === null) hydrated();
  });
}

/** Sum of (task - 50 ms) over the tasks; the part of a task before `from` does not count. */
function blocking(tasks, from, to) {
  let total = 0;
  for (const { start, duration } of tasks) {
    const end = start + duration;
    if (end <= from || start >= to) continue;
    total += Math.max(0, end - Math.max(start, from) - 50);
  }
  return total;
}

/**
 * From a Chromium trace of one load: the page's main-thread top-level tasks ({ start, wall, cpu } in
 * ms), its first contentful paint and the `bench:hydrated` mark, in trace ms.
 */
function readTrace(buffer) {
  const events = JSON.parse(buffer.toString()).traceEvents;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const hydrated = events.find((e) => e.name === 'bench:hydrated');
  // The page's renderer: the one that painted it.
  const pid = fcp?.pid;
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  );
  // The scheduler's tasks ('ThreadControllerImpl::RunTask' in Chromium 12x-15x, 'RunTask' before), the
  // outermost only (a nested run loop runs tasks inside a task).
  const tasks = [];
  let until = -Infinity;
  for (const e of events
    .filter((e) => e.ph === 'X' && /(^|::)RunTask$/.test(e.name) && e.pid === pid && e.tid === main?.tid)
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts < until) continue;
    until = e.ts + e.dur;
    tasks.push({ start: e.ts / 1000, wall: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
  }
  return { tasks, fcp: fcp ? fcp.ts / 1000 : null, hydrated: hydrated ? hydrated.ts / 1000 : null };
}

/** Opens `url` in a fresh context and resolves once the page has been hydrated for AFTER_MS. */
async function load(browser, url, rate, during) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.addInitScript(observe);
    return await during(page, async () => {
      await page.goto(url, { waitUntil: 'commit' });
      // One call that waits in the page: no polling from here adds tasks of its own to what is measured.
      await page.evaluate(
        (wait) =>
          new Promise((resolve, reject) => {
            const deadline = performance.now() + 60_000;
            const check = () => {
              const { hydratedAt } = globalThis.__blocking;
              if (hydratedAt !== null && performance.now() >= hydratedAt + wait) resolve();
              else if (performance.now() > deadline) reject(new Error('not hydrated in 60 s'));
              else setTimeout(check, hydratedAt === null ? 250 : hydratedAt + wait - performance.now());
            };
            check();
          }),
        AFTER_MS,
      );
      return page.evaluate(() => globalThis.__blocking);
    });
  } finally {
    await context.close();
  }
}

/** The traced load at full speed: blocking by CPU time x cpu, and by wall time x cpu. */
async function tracedLoad(browser, url, cpu) {
  let buffer;
  await load(browser, url, 1, async (page, run) => {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    try {
      await run();
    } finally {
      buffer = await browser.stopTracing();
    }
  });
  const trace = readTrace(buffer);
  if (trace.fcp === null || trace.hydrated === null) throw new Error(`${url}: no first paint or no hydration traced`);
  const to = trace.hydrated + AFTER_MS;
  const scaled = (key) => trace.tasks.map((t) => ({ start: t.start, duration: t[key] * cpu }));
  const cpuTasks = scaled('cpu').filter((t) => t.start + t.duration > trace.fcp && t.start < to);
  return {
    cpuMs: blocking(cpuTasks, trace.fcp, to),
    wallMs: blocking(scaled('wall'), trace.fcp, to),
    longestMs: Math.max(0, ...cpuTasks.map((t) => t.duration)),
    // Tasks that count at all (over 50 ms once slowed), by CPU time.
    longTasks: cpuTasks.filter((t) => t.duration > 50).length,
  };
}

/** The load with the CPU really slowed: the page's long tasks, and when it hydrated. */
async function slowedLoad(browser, url, cpu) {
  const state = await load(browser, url, cpu, (_page, run) => run());
  return {
    longtaskMs: blocking(state.tasks, state.fcp ?? 0, state.hydratedAt + AFTER_MS),
    hydratedMs: state.hydratedAt,
  };
}

const FIGURES = ['cpuMs', 'wallMs', 'longtaskMs', 'longestMs', 'longTasks', 'hydratedMs'];

/**
 * Blocking time of each of `targets` ({ name, url }) over `runs` rounds, taking turns between the
 * targets in every round (the order flips each round). Returns { [name]: { runs, medians } }.
 */
export async function measureBlocking(targets, { runs = 5, cpu = 4, log = () => {} } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumFlags });
  const out = Object.fromEntries(targets.map((t) => [t.name, { runs: [] }]));
  try {
    for (let round = 0; round < runs; round += 1) {
      const order = round % 2 ? [...targets].reverse() : targets;
      for (const target of order) {
        const run = {
          ...(await tracedLoad(browser, target.url, cpu)),
          ...(await slowedLoad(browser, target.url, cpu)),
        };
        out[target.name].runs.push(run);
        log(
          `${target.name} ${round + 1}/${runs}: cpu ${Math.round(run.cpuMs)} ms (${run.longTasks} long, longest ${Math.round(run.longestMs)}), wall ${Math.round(run.wallMs)} ms, longtask ${Math.round(run.longtaskMs)} ms, hydrated ${Math.round(run.hydratedMs)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  for (const result of Object.values(out)) {
    result.medians = Object.fromEntries(FIGURES.map((k) => [k, Math.round(median(result.runs.map((r) => r[k])))]));
  }
  return out;
}

/** The figures as a table, one line per target. */
export function blockingTable(results, runs, cpu) {
  const lines = [
    `Blocking time on a ${cpu}x slower CPU, first paint to 2 s after hydration, ms (medians of ${runs} loads):`,
    'page             cpu  longest  long tasks    wall  longtask  hydrated | cpu per run',
  ];
  for (const [name, r] of Object.entries(results)) {
    const m = r.medians;
    const cells = [m.cpuMs, m.longestMs, m.longTasks, m.wallMs, m.longtaskMs, m.hydratedMs];
    const widths = [4, 9, 12, 8, 10, 10];
    lines.push(
      `${name.padEnd(12)}${cells.map((c, i) => String(c).padStart(widths[i])).join('')} | ${r.runs.map((x) => Math.round(x.cpuMs)).join(', ')}`,
    );
  }
  return lines.join('\n');
}

/** The four pages where visits start, found through the store's API. */
export async function storePages(base) {
  const books = await (await fetch(`${base}/api/books/?page_size=1`)).json();
  const book = books.data[0];
  return [
    { name: 'home', path: '/' },
    { name: 'books', path: '/books' },
    { name: 'book', path: `/book/${encodeURIComponent(book.title)}` },
    { name: 'author', path: `/author/${book.author_slug}` },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stores = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (stores.length === 0) {
    console.error('usage: node bench/web-blocking.mjs [--runs=5] [--cpu=4] [--pages=home,book] STORE [STORE...]');
    process.exit(1);
  }
  const runs = Number(args.runs ?? 5);
  const cpu = Number(args.cpu ?? 4);
  const wanted = args.pages?.split(',');
  const pages = (await storePages(stores[0])).filter((p) => !wanted || wanted.includes(p.name));
  const label = (i) => (stores.length > 1 ? ` ${'ABCDEFGH'[i]}` : '');
  // Every page of every store visited once first (the server's page cache), then measured.
  for (const s of stores) for (const p of pages) await fetch(s + p.path);
  const results = {};
  for (const page of pages) {
    const targets = stores.map((s, i) => ({ name: `${page.name}${label(i)}`, url: s + page.path }));
    Object.assign(results, await measureBlocking(targets, { runs, cpu, log: (l) => console.log(`[blocking] ${l}`) }));
  }
  console.log(`\n${stores.map((s, i) => `${label(i).trim() || 'store'}: ${s}`).join('\n')}\n`);
  console.log(blockingTable(results, runs, cpu));
}
