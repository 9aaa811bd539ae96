import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiRoot } from '../config.js';
import { freePort } from '../faults/support.js';

/**
 * Debian's nginx running the site deploy/ ships (deploy/nginx/bookstore.conf), from a temporary folder
 * of its own on a free port, in front of the web processes a test names: the deploy files' test
 * (ops/deploy.test.ts) puts stand-ins behind it, the production smoke test (ops/release.test.ts) the
 * released store.
 */

/** nginx, where it is installed (`apt-get install nginx`), or NGINX_PATH. */
export const nginxBinary = [process.env.NGINX_PATH, '/usr/sbin/nginx'].find((p): p is string =>
  Boolean(p && existsSync(p)),
);

export interface Nginx {
  port: number;
  url: string;
  /** The folder nginx runs in: its configuration, logs (access.log, error.log) and temporary files. */
  dir: string;
  output(): string;
  stop(): Promise<void>;
}

/** One request through node:http, as it is (no decompression, no retries, a fresh connection). */
export function request(
  port: number,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { body } = options;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          ...options.headers,
          ...(body ? { 'content-length': String(body.length), expect: '100-continue' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // The body goes only once nginx says it will take it; a refusal (413) answers before it.
    if (body) req.on('continue', () => req.end(body));
    else req.end();
  });
}

/**
 * Starts nginx with the shipped site, changed only where it must be for a test: this test's port,
 * the storefront's build at `webDist` instead of /opt/bookstore's, the two web processes at
 * `upstreams` instead of 127.0.0.1:3001 and :3002, and a process that failed back in rotation after
 * `failTimeout` instead of 10 s (so a test need not wait). Resolves once it serves `readyPath`.
 */
export async function startNginx(options: {
  upstreams: [number, number];
  webDist: string;
  failTimeout?: string;
  readyPath: string;
}): Promise<Nginx> {
  const binary = nginxBinary;
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx, or set NGINX_PATH)');
  const dir = mkdtempSync(path.join(tmpdir(), 'bookstore-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  const port = await freePort();
  const [a, b] = options.upstreams;
  const shipped = readFileSync(path.join(apiRoot(), '..', '..', 'deploy', 'nginx', 'bookstore.conf'), 'utf8');
  const site = shipped
    .replace(/listen \[::\]:80;\n/, '')
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replaceAll('/opt/bookstore/apps/web/dist', options.webDist)
    .replace('127.0.0.1:3001', `127.0.0.1:${a}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${b}`)
    .replaceAll('fail_timeout=10s', `fail_timeout=${options.failTimeout ?? '10s'}`);
  for (const upstream of options.upstreams) {
    if (!site.includes(`server 127.0.0.1:${upstream} `)) {
      throw new Error(`deploy/nginx/bookstore.conf no longer names 127.0.0.1:3001 and :3002:\n${shipped}`);
    }
  }
  writeFileSync(path.join(dir, 'bookstore.conf'), site);
  // Debian's nginx.conf around the site, every path inside this folder. As root the workers would
  // otherwise run as nobody, who cannot read a test's private folder.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  types { text/html html; application/javascript js; text/css css; image/svg+xml svg; }
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/bookstore.conf;
}
`,
  );
  const args = ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`];
  const check = spawnSync(binary, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused the site:\n${check.stderr}`);
  }

  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    }
    const up = await request(port, options.readyPath).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, url: `http://127.0.0.1:${port}`, dir, output: () => output, stop };
}
