/**
 * Fuzzes every operation of the OpenAPI document (GET /api/docs/json) of an in-process API with
 * valid-ish and hostile values (NUL and control characters, huge strings, wrong types, unicode,
 * negative and huge numbers, bad ids, %FF in paths) and reports how many answers were 5xx (must be
 * 0) and the distinct failures. Usage: `npm run fuzz -- --requests=5000 --concurrency=8`;
 * TEST_DB=postgres with TEST_DATABASE_URL fuzzes PostgreSQL instead of PGlite.
 * Exits non-zero when any answer is a 5xx. `runFuzz` is also used by a small run in the test suite.
 */
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type FuzzReport = {
  requests: number;
  serverErrors: number;
  failures: string[];
  statuses: Record<string, number>;
};

const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  'x'.repeat(100_000),
  '💥🧨 ünïcödé ‮',
  "'; drop table users; --",
  '../../etc/passwd',
  '%FF',
  '',
  ' ',
  -1,
  0,
  2 ** 31,
  -(2 ** 53),
  1e308,
  Number.NaN,
  true,
  null,
  [],
  {},
  [null],
  { $ne: 1 },
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];

/** A small deterministic generator (mulberry32), so a run can be repeated from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function valueFor(schema: Schema | undefined, next: () => number, depth = 0): unknown {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  if (!schema || depth > 4 || next() < 0.3) return pick(HOSTILE);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return valueFor(pick(variants), next, depth + 1);
  if (schema.enum?.length) return pick(schema.enum);
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return pick([schema.minimum ?? 0, schema.maximum ?? 100, 1, 7, 42]);
    case 'boolean':
      return next() < 0.5;
    case 'array':
      return Array.from({ length: Math.floor(next() * 3) }, () => valueFor(schema.items, next, depth + 1));
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {}))
        if (next() < 0.8) object[key] = valueFor(inner, next, depth + 1);
      return object;
    }
    default:
      if (schema.format === 'email') return pick(['fuzz@example.com', 'a@b', 'ü@example.com']);
      if (schema.format === 'uuid') return pick([crypto.randomUUID(), 'bad-id']);
      return pick(['WELCOME50', 'purees', 'abc', '10001', 'https://example.com/x', 'Sam']);
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export async function runFuzz(
  app: FastifyInstance,
  options: { requests: number; concurrency: number; seed?: number },
): Promise<FuzzReport> {
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const next = random(options.seed ?? 1);
  const report: FuzzReport = { requests: 0, serverErrors: 0, failures: [], statuses: {} };
  const failures = new Set<string>();
  let sent = 0;

  async function one(index: number) {
    const { path, method, operation } = operations[index % operations.length]!;
    const parameters = operation.parameters ?? [];
    let url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      const value = valueFor(parameters.find((parameter) => parameter.name === name)?.schema, next);
      return next() < 0.1 ? '%FF' : encodeURIComponent(asText(value));
    });
    const query = new URLSearchParams();
    for (const parameter of parameters.filter((candidate) => candidate.in === 'query'))
      if (next() < 0.7) query.append(parameter.name, asText(valueFor(parameter.schema, next)));
    if (next() < 0.1) query.append('unexpected', '\u0000');
    if ([...query].length) url += `?${query}`;
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const withBody = method !== 'GET' && method !== 'DELETE';
    const body = withBody ? valueFor(bodySchema ?? { type: 'object' }, next) : undefined;
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: {
        origin: 'http://localhost:3000',
        ...(withBody ? { 'content-type': next() < 0.05 ? 'text/plain' : 'application/json' } : {}),
      },
      ...(withBody ? { payload: next() < 0.05 ? '{"broken":' : JSON.stringify(body) } : {}),
    });
    report.requests += 1;
    report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
    if (response.statusCode >= 500) {
      report.serverErrors += 1;
      failures.add(
        `${method} ${path} → ${response.statusCode} ${response.body.slice(0, 120)} (e.g. ${url.slice(0, 120)})`,
      );
    }
  }

  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (sent < options.requests) await one(sent++);
    }),
  );
  report.failures = [...failures];
  return report;
}

async function main() {
  const flag = (name: string, fallback: number) =>
    Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const [{ seedDemoData }, { createTestDatabase }, { buildApp, loadConfig }] = await Promise.all([
    import('@sprout/db/seed'),
    import('@sprout/db/testing'),
    import('@sprout/api'),
  ]);
  const database = await createTestDatabase();
  await seedDemoData(database.handle.db);
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SITE_URL: 'http://localhost:3000' }),
    database: database.handle,
  });
  await app.ready();
  const started = performance.now();
  const report = await runFuzz(app, {
    requests: flag('requests', 5000),
    concurrency: flag('concurrency', 8),
    seed: flag('seed', 1),
  });
  await app.close();
  await database.dispose();
  console.info(
    `fuzz (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}): ${report.requests} requests in ${Math.round((performance.now() - started) / 1000)} s, ${report.serverErrors} answered 5xx`,
  );
  console.info(`statuses: ${JSON.stringify(report.statuses)}`);
  for (const failure of report.failures) console.info(`  ${failure}`);
  process.exitCode = report.serverErrors === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
