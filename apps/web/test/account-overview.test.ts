import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestContext } from '../../api/test/helpers';
import { asCustomer, subscribedCustomer } from '../../api/test/renewal-helpers';
import * as accountLayout from '../app/layouts/account';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import * as root from '../app/root';
import * as overview from '../app/routes/account.overview';
import { documentLoadContext, TEST_SITE } from './site';

/**
 * The account overview's loader against the real API in-process: what "Your next box" and the
 * subscription's state are for a customer right after checkout, a pause and a cancellation.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

/**
 * What the document request for /account runs: React Router calls the root's, the account
 * layout's and the page's loaders side by side, with one load context (as apps/web/server.ts makes
 * it: the in-process API, the catalogue's cache and the browser-alone experiments reader).
 */
async function loadDocument(cookie: string) {
  vi.stubGlobal('__MAINTENANCE_MODE__', false);
  const request = new Request(`${TEST_SITE.url}/account`, { headers: { cookie } });
  const load = documentLoadContext(context.app, request);
  const args = { request, context: load, params: {} } as never;
  const [, , page] = await Promise.all([
    root.loader(args),
    accountLayout.loader(args),
    overview.loader(args),
  ]);
  return page;
}

async function loadOverview(cookie: string) {
  const request = new Request(`${TEST_SITE.url}/account`, { headers: { cookie } });
  const api = createServerApiClient(inProcessTransport(context.app), request);
  return overview.loader({ request, context: { api, site: TEST_SITE }, params: {} } as never);
}

describe('the account overview', () => {
  it("shows a new customer's paid first box as the next box, not the one after it", async () => {
    const customer = await subscribedCustomer(context);
    const data = await loadOverview(customer.cookie);
    expect(data.next?.date).toBe(customer.firstDeliveryDate);
    expect(data.next?.status).toBe('charged');
    // Paid: past changing, so no editing and no skipping.
    expect(data.next?.editable).toBe(false);
    expect(data.next?.can_unskip).toBe(false);
  });

  it('shows a paused account as paused until its first box after the pause, not a skipped box', async () => {
    const customer = await subscribedCustomer(context, { frequencyWeeks: 1 });
    const paused = await asCustomer(context, customer.cookie, 'POST', '/api/me/subscription/pause', {
      weeks: 3,
    });
    expect(paused.status).toBe(200);
    const data = await loadOverview(customer.cookie);
    expect(data.subscription?.status).toBe('paused');
    expect(data.firstBoxAfterPause).toBe(paused.body.data.first_box_after_pause);
    expect(data.firstBoxAfterPause! >= data.subscription!.resume_on!).toBe(true);
    expect(data.next?.status).not.toBe('skipped');
  });

  it('sends the same number of SQL statements for a box of 12 or 36 items', async () => {
    const counts: number[] = [];
    for (const plan of ['plan-12', 'plan-36']) {
      const customer = await subscribedCustomer(context, { plan });
      // The first view fills the catalogue's cache and stores the customer's experiment variants.
      await loadDocument(customer.cookie);
      const before = context.database.statements.count;
      const page = await loadDocument(customer.cookie);
      counts.push(context.database.statements.count - before);
      expect(page.next?.items.length).toBeGreaterThan(0);
    }
    expect(counts[0]).toBe(counts[1]);
    // 5 on both databases (21 on PostgreSQL at first, then 10; no transaction is left). The four
    // in-process calls read the session with its user once, together, and GET /auth/initial (the
    // root's: who is signed in, for the header) and GET /api/me (the layout's and the page's: the
    // guard and the subscription's state) the current subscription once (lib/page-reads).
    // GET /api/experiments reads the stored variants of the browser and the customer (one
    // statement); the experiments and the menus come from the catalogue's cache. The page's
    // GET /api/me/deliveries (the page's and the storefront box panel's, read once per page):
    // the subscription's pricing context with its boxes and their items (one statement), the gift
    // cards' balance.
    expect(counts[0]).toBe(5);
  });

  it('says a canceled subscription is canceled, with its plan and day', async () => {
    const customer = await subscribedCustomer(context);
    const post = (url: string, body: unknown = {}) => asCustomer(context, customer.cookie, 'POST', url, body);
    expect((await post('/api/me/subscription/cancellation', { reason: 'moving' })).status).toBe(200);
    expect((await post('/api/me/subscription/cancellation/confirm')).status).toBe(200);
    const data = await loadOverview(customer.cookie);
    expect(data.subscription).toBeNull();
    expect(data.canceled).toMatchObject({ id: customer.subscriptionId, plan_name: customer.plan.name });
  });
});
