import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../api/test/helpers';
import { asCustomer, subscribedCustomer } from '../../api/test/renewal-helpers';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import * as overview from '../app/routes/account.overview';
import { TEST_SITE } from './site';

/**
 * The account overview's loader against the real API in-process: what "Your next box" and the
 * subscription's state are for a customer right after checkout, a pause and a cancellation.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

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
