import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app.js';
import { createBook, createUser, orderBody, type TestUser } from './factories.js';

/**
 * The abuse suite (issue 15). Every operation of the app's own OpenAPI document, read at run time, so
 * an operation added later is covered without touching this file. For each, fast-check (fixed seed: a
 * failure names the request and reproduces) sends malformed variants of every path and query parameter
 * and of every body field (wrong types, NUL characters, huge and negative numbers, ids out of range,
 * overlong strings), arbitrary JSON, and raw bodies a clumsy client sends (broken JSON and multipart,
 * wrong content types). Every answer must be below 500, and every 4xx must carry `{ error: sentence }`.
 */
const SEED = 15;
const RUNS = Number(process.env.ABUSE_RUNS ?? 40);

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const testApp = await createTestApp();
afterAll(() => testApp.close());
const { app } = testApp;

const docReply = await app.inject({ method: 'GET', url: '/api/docs/json' });
const doc = docReply.json() as Document;

// Real things for the "valid" parts of a request to point at, so a malformed field is judged by the code
// behind the validation too. Many callers: the per-account rate limits must not hide the handlers.
const book = await createBook(app, { stock: 100_000 });
const callers: TestUser[] = [];
for (let i = 0; i < 30; i++) callers.push(await createUser(app, { staff: i % 2 === 0 }));
const firstOrder = await app.inject({
  method: 'POST',
  url: '/api/orders/',
  headers: callers[0]!.headers,
  payload: orderBody([{ book, quantity: 1 }]),
});
const orderId = (firstOrder.json() as { id: number }).id;

let sequence = 0;
function nextCaller() {
  sequence++;
  return {
    user: callers[sequence % callers.length]!,
    remoteAddress: `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
  };
}

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let i = 0; i < 10 && current.$ref; i++) {
    current = doc.components?.schemas?.[current.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  if (current.allOf?.length) return resolve(Object.assign({}, ...current.allOf.map(resolve)));
  return current;
}

/** A plausible value for a schema: the baseline a single malformed field is put into. */
function example(name: string, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return example(name, variant, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth > 4) return {};
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, example(key, inner, depth + 1)]),
    );
  }
  if (type === 'array') return depth > 4 ? [] : [example(name, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number')
    return /order/.test(name) ? orderId : /book|^id$/.test(name) ? book.id : 1;
  if (type === 'boolean') return true;
  if (/price|total/.test(name)) return book.price;
  if (/email/.test(name)) return 'abuse@example.test';
  if (/order/.test(name)) return String(orderId);
  if (/reference/.test(name)) return `ORD-${orderId}-1`;
  return 'abc';
}

/** Every place in a value a malformed field can go: ['items', 0, 'book'] and so on. */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leafPaths(v, [...at, i])) : [at];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leafPaths(v, [...at, k])) : [at];
  }
  return [at];
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path[path.length - 1]!] = replacement;
  return copy;
}

const overlong = 'x'.repeat(20_000);
/** Values no field expects. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    overlong,
    '',
    ' ',
    '😀'.repeat(300),
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ),
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -1, -(2 ** 31) - 1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.constantFrom('99999999999', '2147483648', '-1', '1e309', 'NaN', '0x10', '12.999', '-0.01'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Text for an address: encoded nasty values, and raw pieces that are not valid percent-encoding. */
const nastyAddressText: fc.Arbitrary<string> = fc.oneof(
  nastyValue.map((v) => encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
  fc.constantFrom(
    '%00',
    '%',
    '%E0%A4%A',
    '%ZZ',
    '..%2F..%2Fetc',
    '%C0%80',
    '99999999999',
    '-1',
    '2147483648',
    'x'.repeat(600),
  ),
);

/** Sent to every field and parameter, whatever the random draw: the classic cases are never left to chance. */
const CORE_VALUES: unknown[] = ['a\u0000b', 2 ** 31, -1, 1e308, overlong, null, {}, ['x'], true, '99999999999'];
const CORE_ADDRESS_TEXT = ['%00', 'a%00b', '2147483648', '99999999999', '-1', '%E0%A4%A', 'x'.repeat(600)];

interface RawBody {
  label: string;
  contentType: string;
  payload: string | Buffer;
}
const boundary = '----abuse15';
const RAW_BODIES: RawBody[] = [
  { label: 'broken JSON', contentType: 'application/json', payload: '{"a": ' },
  { label: 'JSON with a NUL key', contentType: 'application/json', payload: '{"a\\u0000b": 1}' },
  { label: 'prototype pollution', contentType: 'application/json', payload: '{"__proto__": {"isStaff": true}}' },
  { label: 'empty JSON', contentType: 'application/json', payload: '' },
  { label: 'JSON array', contentType: 'application/json', payload: '[1,2,3]' },
  { label: 'plain text', contentType: 'text/plain', payload: 'hello' },
  { label: 'XML', contentType: 'application/xml', payload: '<a>1</a>' },
  { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'a=%00&b=1' },
  { label: 'multipart without a boundary', contentType: 'multipart/form-data', payload: 'email=a' },
  {
    label: 'multipart cut off',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nabc\r\n--${boundary}\r\nContent-Disposition: form-data; name="bio"\r\n\r\nhal`,
  },
  {
    label: 'multipart with a NUL field',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="bio"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`,
  },
  {
    label: 'multipart with a broken part header',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Dispo\r\n\r\nabc\r\n--${boundary}--\r\n`,
  },
  { label: 'too large', contentType: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
];

interface Probe {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

async function send(method: string, probe: Probe) {
  const res = await app.inject({
    method: method.toUpperCase() as 'GET',
    url: probe.url,
    headers: probe.headers,
    payload: probe.payload,
    remoteAddress: probe.remoteAddress,
  });
  const what = `${method.toUpperCase()} ${probe.url.slice(0, 300)} ${String(probe.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = (() => {
      try {
        return res.json() as { error?: unknown };
      } catch {
        return {};
      }
    })();
    expect(typeof body.error, what).toBe('string');
  }
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
}

const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ path, method, operation })),
);

describe('abuse suite: every operation of /api/docs answers malformed input with a 4xx', () => {
  it('reads the OpenAPI document and finds the operations', () => {
    expect(docReply.statusCode).toBe(200);
    expect(operations.length).toBeGreaterThan(20);
  });

  for (const { path, method, operation } of operations) {
    const params = operation.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const queryParams = params.filter((p) => p.in === 'query');
    const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
    const baseBody = jsonSchema ? example('', jsonSchema) : undefined;
    const bodyPaths = baseBody === undefined ? [] : leafPaths(baseBody);
    const takesBody = method !== 'get';
    const basePath = Object.fromEntries(pathParams.map((p) => [p.name, String(example(p.name, p.schema))]));

    it(`${method.toUpperCase()} ${path}`, async () => {
      const parts: fc.Arbitrary<Probe>[] = [];
      const base = () => {
        const { user, remoteAddress } = nextCaller();
        return { headers: { ...user.headers } as Record<string, string>, remoteAddress };
      };

      if (pathParams.length) {
        parts.push(
          fc
            .record({ name: fc.constantFrom(...pathParams.map((p) => p.name)), value: nastyAddressText })
            .map(({ name, value }) => ({
              ...base(),
              url: fillPath(path, { ...basePath, [name]: value }),
            })),
        );
      }
      if (queryParams.length) {
        parts.push(
          fc
            .record({
              name: fc.constantFrom(...queryParams.map((p) => p.name)),
              value: nastyAddressText,
              twice: fc.boolean(),
            })
            .map(({ name, value, twice }) => ({
              ...base(),
              url: `${fillPath(path, basePath)}?${name}=${value}${twice ? `&${name}=${value}` : ''}`,
            })),
        );
      }
      if (takesBody) {
        const json = (body: unknown) => ({
          ...base(),
          url: fillPath(path, basePath),
          headers: { ...base().headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        if (bodyPaths.length) {
          parts.push(
            fc
              .record({ at: fc.constantFrom(...bodyPaths), value: nastyValue, drop: fc.boolean() })
              .map(({ at, value, drop }) =>
                json(drop && at.length ? setAt(baseBody, at, undefined) : setAt(baseBody, at, value)),
              ),
          );
        }
        parts.push(fc.jsonValue({ maxDepth: 3 }).map(json));
      }
      if (parts.length === 0)
        parts.push(
          nastyAddressText.map((value) => ({ ...base(), url: `${fillPath(path, basePath)}?${value}=${value}` })),
        );

      await fc.assert(
        fc.asyncProperty(fc.oneof(...parts), (probe) => send(method, probe)),
        { seed: SEED, numRuns: RUNS },
      );

      for (const name of [...pathParams.map((p) => p.name)]) {
        for (const value of CORE_ADDRESS_TEXT)
          await send(method, { ...base(), url: fillPath(path, { ...basePath, [name]: value }) });
      }
      for (const name of queryParams.map((p) => p.name)) {
        for (const value of CORE_ADDRESS_TEXT)
          await send(method, { ...base(), url: `${fillPath(path, basePath)}?${name}=${value}` });
      }
      for (const at of bodyPaths) {
        for (const value of CORE_VALUES) {
          const caller = base();
          await send(method, {
            ...caller,
            url: fillPath(path, basePath),
            headers: { ...caller.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(setAt(baseBody, at, value)),
          });
        }
      }
      if (takesBody) {
        for (const raw of RAW_BODIES) {
          const { user, remoteAddress } = nextCaller();
          await send(method, {
            url: fillPath(path, basePath),
            headers: { ...user.headers, 'content-type': raw.contentType },
            payload: raw.payload,
            remoteAddress,
          });
        }
      }
    });
  }
});
