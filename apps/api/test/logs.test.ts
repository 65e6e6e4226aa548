import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithProductionLogs, type TestContext } from './helpers';

const PERSON = {
  email: 'jamie.rivera@example.com',
  first_name: 'Jamiesson',
  last_name: 'Riverabelle',
  phone: '(212) 555-0199',
  address_line1: '350 W 31st Street',
};

let logs = '';
let context: TestContext;
beforeAll(async () => {
  context = await startTestAppWithProductionLogs((line) => {
    logs += line;
  });
});
afterAll(() => context?.close());

function expectNoPersonalData() {
  for (const value of Object.values(PERSON)) expect(logs).not.toContain(value);
  expect(logs).not.toContain('jamie.rivera%40example.com');
}

describe('logs keep personal data out', () => {
  it('log a failed SQL statement without its values', async () => {
    const failed = await context.database.db
      .execute(
        sql`select ${PERSON.email}::int as a, ${PERSON.first_name}::int as b, ${PERSON.address_line1}::int as c`,
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    // As the error handler and the job loops log it.
    context.app.log.error({ err: failed }, 'probe: failed query');

    expect(logs).toContain('probe: failed query');
    expect(logs).toMatch(/select \$1::int as a/);
    expectNoPersonalData();
  });

  it('redact personal fields wherever a logged object has them', () => {
    context.app.log.info({ ...PERSON, customer: { ...PERSON, address: { ...PERSON } } }, 'probe: customer');
    context.app.log.info({
      body: { password: 'little-spoons-2026', token: 'reset-token-123456', code: '482913' },
    });
    expect(logs).toContain('probe: customer');
    expect(logs).toContain('[Redacted]');
    expectNoPersonalData();
    for (const secret of ['little-spoons-2026', 'reset-token-123456', '482913'])
      expect(logs).not.toContain(secret);
  });

  it("log request URLs without the person's query values", async () => {
    const url = `/api/products?email=${encodeURIComponent(PERSON.email)}&zip=10001&limit=2`;
    await context.app.inject({ method: 'GET', url });
    expect(logs).toContain('/api/products?email=REDACTED&zip=REDACTED&limit=2');
    expectNoPersonalData();
  });
});

describe('request logs', () => {
  /** The parsed log lines that carry one request id. */
  const linesOf = (requestId: string) =>
    logs
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('write one line per request at info: method, URL, status, time and request id', async () => {
    const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
    const requestId = 'one-line-probe-0001';
    const response = await fetch(`${address}/api/products?perPage=1`, {
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    // The line is written once the response has gone: give it that moment.
    await expect.poll(() => linesOf(requestId).length).toBe(1);
    const [line] = linesOf(requestId);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: requestId,
      req: { method: 'GET', url: '/api/products?perPage=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('give a refused request its one line too, with its status', async () => {
    const requestId = 'one-line-probe-0002';
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/products?perPage=nine',
      headers: { 'x-request-id': requestId },
    });
    expect(response.statusCode).toBe(422);
    // app.inject is how a page calls the API in-process: its line is a debug one (the page has the info line).
    expect(linesOf(requestId)).toEqual([
      expect.objectContaining({ level: 20, msg: 'request completed', res: { statusCode: 422 } }),
    ]);
  });
});
