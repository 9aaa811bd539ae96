// The load generator of `npm run bench:api`, in a process of its own so that it never shares an event
// loop with what it measures. Driven over IPC by bench/api.mjs:
//   { type: 'load', url, connections, seconds }       -> autocannon: req/s, p50, p99, errors
//   { type: 'sequential', base, paths }                -> one request at a time: each latency in ms
//   { type: 'each', base, paths, connections }         -> autocannon over `paths`, each asked once, in order
import http from 'node:http';
import autocannon from 'autocannon';

/** Runs autocannon with `options` and sums up its result: req/s, p50, p99 and every kind of error. */
function measure(options) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...options }, (err, result) => {
      if (err) return reject(err);
      resolve({
        requestsPerSecond: result.requests.average,
        requests: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
  });
}

function load({ url, connections, seconds }) {
  return measure({ url, connections, duration: seconds });
}

/** Every path asked once, `connections` at a time (first searches, facet combinations, pages). */
function each({ base, paths, connections }) {
  let next = 0;
  return measure({
    url: base,
    connections,
    amount: paths.length,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
}

/** Requests each path once over one kept-alive connection, as a shopper typing a new search would. */
async function sequential({ base, paths }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  let errors = 0;
  for (const path of paths) {
    const start = performance.now();
    const status = await new Promise((resolve, reject) => {
      http
        .get(`${base}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        })
        .on('error', reject);
    });
    latencies.push(performance.now() - start);
    if (status !== 200) errors++;
  }
  agent.destroy();
  return { latencies, errors };
}

process.on('message', async (message) => {
  try {
    const result =
      message.type === 'load'
        ? await load(message)
        : message.type === 'each'
          ? await each(message)
          : await sequential(message);
    process.send({ ok: true, result });
  } catch (err) {
    process.send({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
