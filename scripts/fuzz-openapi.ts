/**
 * Fuzzes every operation of the OpenAPI document (GET /api/docs/json) with valid-ish and hostile
 * values (NUL and control characters, huge strings, wrong types, unicode, negative and huge
 * numbers, bad ids, %FF in paths), as a visitor, the demo customer and the demo admin in turn, and
 * reports how many answers were 5xx (must be 0) and the distinct failures.
 *
 * - `npm run fuzz -- --requests=5000 --concurrency=8`: an in-process API on a fresh database with the
 *   demo data (PGlite; TEST_DB=postgres with TEST_DATABASE_URL fuzzes PostgreSQL instead).
 * - `BASE=http://127.0.0.1:3745 npm run fuzz -- --requests=5000`: a running store in demo mode (the
 *   sign-in codes come from its dev mailbox). It WRITES as the admin (products, codes, posts...):
 *   only ever a throwaway store on a fresh DATA_DIR, started with RATE_LIMIT_WRITES_PER_MINUTE=0 so
 *   the per-client limit does not turn most of the run into 429s.
 *
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

type Sent = { method: string; url: string; headers: Record<string, string>; payload?: string };
type Answer = { status: number; body: string; setCookies: string[] };

/** Where the requests go: an in-process app (inject) or a running store (HTTP). */
export type FuzzTarget = {
  origin: string;
  send(request: Sent): Promise<Answer>;
  /** Sends the queued mail now (an in-process app whose jobs are not running); a store sends its own. */
  deliverMail?(): Promise<unknown>;
};

export function inProcessTarget(app: FastifyInstance, origin = 'http://localhost:3000'): FuzzTarget {
  return {
    origin,
    deliverMail: () => app.jobs.runAllOnce(null, ['mail']),
    async send(request) {
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const cookies = response.headers['set-cookie'];
      return {
        status: response.statusCode,
        body: response.body,
        setCookies: cookies === undefined ? [] : [cookies].flat().map(String),
      };
    },
  };
}

export function remoteTarget(base: string): FuzzTarget {
  const origin = new URL(base).origin;
  return {
    origin,
    async send(request) {
      // A URL the fetch API refuses (a bare %FF is fine, a NUL is not) is sent as it is written.
      const response = await fetch(`${origin}${request.url}`, {
        method: request.method,
        headers: request.headers,
        redirect: 'manual',
        ...(request.payload === undefined ? {} : { body: request.payload }),
      });
      return {
        status: response.status,
        body: await response.text(),
        setCookies: response.headers.getSetCookie(),
      };
    },
  };
}

export type Role = 'visitor' | 'customer' | 'admin';
export type Sessions = Partial<Record<Exclude<Role, 'visitor'>, string>>;

/**
 * Signs an account in as a browser does (password, then the emailed code read from the dev
 * mailbox, demo mode only) and answers its session cookie (`sid=…`).
 */
export async function signIn(
  target: FuzzTarget,
  account: { email: string; password: string },
  timeoutMs = 20_000,
): Promise<string> {
  const json = (url: string, body: unknown) =>
    target.send({
      method: 'POST',
      url,
      headers: { origin: target.origin, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const sessionOf = (answer: Answer) => {
    const sid = answer.setCookies.map((line) => line.split(';')[0] ?? '').find((pair) => /^sid=./.test(pair));
    if (!sid)
      throw new Error(`${account.email}: no session after signing in (${answer.status} ${answer.body})`);
    return sid;
  };
  const mailsTo = async () => {
    const answer = await target.send({
      method: 'GET',
      url: `/dev/mailbox/messages?to=${encodeURIComponent(account.email)}&limit=1`,
      headers: {},
    });
    if (answer.status !== 200)
      throw new Error(`the dev mailbox answered ${answer.status}: is the store in demo mode?`);
    return (JSON.parse(answer.body) as { data: { id: number; subject: string }[] }).data;
  };
  const before = (await mailsTo())[0]?.id ?? null;
  const login = await json('/auth', { email: account.email, password: account.password });
  if (login.status !== 200)
    throw new Error(`${account.email}: sign-in answered ${login.status} ${login.body}`);
  const result = JSON.parse(login.body) as { authenticated: boolean; verificationId: string | null };
  if (result.authenticated) return sessionOf(login);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await target.deliverMail?.();
    const [latest] = await mailsTo();
    const code = latest && latest.id !== before ? /\b(\d{6})\b/.exec(latest.subject)?.[1] : undefined;
    if (code)
      return sessionOf(await json('/auth/verification', { code, verificationId: result.verificationId }));
    if (Date.now() > deadline) throw new Error(`${account.email}: no sign-in code in the dev mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Operations a signed-in role leaves out: they would end the session the rest of its run needs. */
const ENDS_OWN_SESSION = new Set(['DELETE /auth']);

export type FuzzReport = {
  requests: number;
  serverErrors: number;
  failures: string[];
  statuses: Record<string, number>;
  /** The same per role: who sent what, and what came back. */
  byRole: Record<Role, { requests: number; serverErrors: number; statuses: Record<string, number> }>;
};

export async function runFuzz(
  app: FastifyInstance | FuzzTarget,
  options: { requests: number; concurrency: number; seed?: number; sessions?: Sessions },
): Promise<FuzzReport> {
  const target = 'send' in app ? app : inProcessTarget(app);
  const docs = await target.send({ method: 'GET', url: '/api/docs/json', headers: {} });
  const document = JSON.parse(docs.body) as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const roles: { role: Role; cookie?: string }[] = [
    { role: 'visitor' },
    ...(options.sessions?.customer ? [{ role: 'customer' as const, cookie: options.sessions.customer }] : []),
    ...(options.sessions?.admin ? [{ role: 'admin' as const, cookie: options.sessions.admin }] : []),
  ];
  const next = random(options.seed ?? 1);
  const emptyRole = () => ({ requests: 0, serverErrors: 0, statuses: {} as Record<string, number> });
  const report: FuzzReport = {
    requests: 0,
    serverErrors: 0,
    failures: [],
    statuses: {},
    byRole: { visitor: emptyRole(), customer: emptyRole(), admin: emptyRole() },
  };
  const failures = new Set<string>();
  let sent = 0;

  async function one(index: number) {
    const { role, cookie } = roles[index % roles.length]!;
    const { path, method, operation } = operations[Math.floor(index / roles.length) % operations.length]!;
    if (cookie && ENDS_OWN_SESSION.has(`${method} ${path}`)) return;
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
    const response = await target.send({
      method,
      url,
      headers: {
        origin: target.origin,
        ...(cookie ? { cookie } : {}),
        ...(withBody ? { 'content-type': next() < 0.05 ? 'text/plain' : 'application/json' } : {}),
      },
      ...(withBody ? { payload: next() < 0.05 ? '{"broken":' : JSON.stringify(body) } : {}),
    });
    const tally = report.byRole[role];
    for (const counts of [report, tally]) {
      counts.requests += 1;
      counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
    }
    if (response.status >= 500) {
      report.serverErrors += 1;
      tally.serverErrors += 1;
      failures.add(
        `${role}: ${method} ${path} → ${response.status} ${response.body.slice(0, 120)} (e.g. ${url.slice(0, 120)})`,
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

/** Whether a session still works at the end (a run that signed itself out tested visitors only). */
async function stillSignedIn(target: FuzzTarget, cookie: string): Promise<boolean> {
  return (await target.send({ method: 'GET', url: '/api/me', headers: { cookie } })).status === 200;
}

async function main() {
  const flag = (name: string, fallback: number) =>
    Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const { demoAccounts } = await import('@sprout/db/seed');
  let target: FuzzTarget;
  let label: string;
  let close = async () => {};
  if (process.env.BASE) {
    target = remoteTarget(process.env.BASE);
    label = target.origin;
  } else {
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
    target = inProcessTarget(app);
    label = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
    close = async () => {
      await app.close();
      await database.dispose();
    };
  }
  const sessions: Sessions = {
    customer: await signIn(target, demoAccounts.customer),
    admin: await signIn(target, demoAccounts.admin),
  };
  const started = performance.now();
  const report = await runFuzz(target, {
    requests: flag('requests', 5000),
    concurrency: flag('concurrency', 8),
    seed: flag('seed', 1),
    sessions,
  });
  const seconds = Math.round((performance.now() - started) / 1000);
  console.info(
    `fuzz (${label}): ${report.requests} requests in ${seconds} s, ${report.serverErrors} answered 5xx`,
  );
  for (const [role, tally] of Object.entries(report.byRole)) {
    const signedIn =
      role === 'visitor'
        ? ''
        : `, still signed in: ${await stillSignedIn(target, sessions[role as 'admin']!)}`;
    console.info(
      `  ${role}: ${tally.requests} requests, ${tally.serverErrors} 5xx, statuses ${JSON.stringify(tally.statuses)}${signedIn}`,
    );
  }
  for (const failure of report.failures) console.info(`  ${failure}`);
  await close();
  process.exitCode = report.serverErrors === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
