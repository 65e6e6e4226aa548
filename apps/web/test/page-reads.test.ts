import { endpoints } from '@sprout/contracts';
import { schema } from '@sprout/db';
import { demoAccounts } from '@sprout/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSessionFor } from '../../api/src/modules/auth/service';
import { startTestApp, type TestContext } from '../../api/test/helpers';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';

/**
 * One page request, one read of each thing (apps/api/src/lib/page-reads.ts): the in-process GETs
 * of one page share the session (and the subscription) they read first; another page, a network request, and the page's own
 * reads after a call that may change the session read it anew.
 */

let context: TestContext;
let cookie: string;
beforeAll(async () => {
  context = await startTestApp();
  const { sessionToken } = await openSessionFor(context.database.db, await demoCustomerId());
  cookie = `sid=${sessionToken}`;
});
afterAll(() => context?.close());

async function demoCustomerId(): Promise<number> {
  const [user] = await context.database.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, demoAccounts.customer.email));
  return user!.id;
}

/** A page request's API client, as apps/web/server.ts makes one per document or data request. */
const pageClient = () =>
  createServerApiClient(
    inProcessTransport(context.app),
    new Request('http://localhost:3000/account', { headers: { cookie } }),
  );

describe('a page reads its session once', () => {
  it('shares the first read among the page’s GETs, which see one snapshot of its start', async () => {
    const page = pageClient();
    const before = context.database.statements.count;
    const [first, second] = await Promise.all([
      page.read(endpoints.account.me),
      page.read(endpoints.account.me),
    ]);
    const together = context.database.statements.count - before;
    expect(first).toEqual(second);

    const alone = pageClient();
    const start = context.database.statements.count;
    await alone.read(endpoints.account.me);
    const one = context.database.statements.count - start;
    // Two GETs of one page: the second adds no read. /api/me reads the session and the demo
    // customer's current subscription, and both are shared.
    expect(one).toBe(2);
    expect(together).toBe(one);

    // The session ends elsewhere (another page signs out): this page still reads its snapshot, a
    // new page and a network request do not.
    const other = await context.app.inject({ method: 'DELETE', url: '/auth', headers: { cookie } });
    expect(other.statusCode).toBeLessThan(300);
    await expect(page.read(endpoints.account.me)).resolves.toEqual(first);
    await expect(pageClient().read(endpoints.account.me)).rejects.toMatchObject({ status: 401 });
    const network = await context.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(network.statusCode).toBe(401);
  });

  it('reads again after the page’s own call that may change the session (a sign-out)', async () => {
    const { sessionToken } = await openSessionFor(context.database.db, await demoCustomerId());
    cookie = `sid=${sessionToken}`;
    const page = pageClient();
    await expect(page.read(endpoints.account.me)).resolves.toBeTruthy();
    const signOut = await page.call(endpoints.auth.signOut);
    expect(signOut.kind).toBe('ok');
    await expect(page.read(endpoints.account.me)).rejects.toMatchObject({ status: 401 });
  });
});
