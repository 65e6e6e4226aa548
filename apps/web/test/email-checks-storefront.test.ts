import { EMAIL_CHECKS_LIMITED_MESSAGE } from '@sprout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../api/test/helpers';
import { loadCartPage, NOTICE_COOKIE, runCartAction } from '../app/features/cart/cart-page.server';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import { TEST_SITE } from './site';

/**
 * When a shared address has used the hour's email checks (decision 016), the storefront says so:
 * a link's `?email=` was dropped without a word before, and the capture form says it too.
 */
const CHECKS_PER_HOUR = 3;

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp({ env: { RATE_LIMIT_EMAIL_CHECKS_PER_HOUR: String(CHECKS_PER_HOUR) } });
});
afterAll(() => context?.close());

const email = (label: string) => `${label}-${Math.floor(Math.random() * 1e9)}@example.com`;

/** A page load from one client address (the office's), as server.ts makes it. */
async function load(path: string, clientAddress: string, cookie = '') {
  const request = new Request(`${TEST_SITE.url}${path}`, { headers: { cookie } });
  const api = createServerApiClient(inProcessTransport(context.app), request, clientAddress);
  try {
    const { page, headers } = await loadCartPage(request, api, TEST_SITE);
    return { page, setCookies: headers.getSetCookie(), redirect: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return {
      page: null,
      setCookies: thrown.headers.getSetCookie(),
      redirect: thrown.headers.get('location'),
    };
  }
}

const cookiePair = (setCookies: string[], name: string) =>
  setCookies.find((line) => line.startsWith(`${name}=`))?.split(';')[0] ?? '';

describe('the per-address limit on email checks, on the storefront', () => {
  it("says why a link's email did not stick, instead of dropping it silently", async () => {
    const office = '192.0.2.44';
    for (let index = 0; index < CHECKS_PER_HOUR; index += 1) {
      const arrived = await load(`/menus?email=${email('colleague')}&zip=10001`, office);
      expect(arrived.redirect).toBe('/menus');
      expect(cookiePair(arrived.setCookies, NOTICE_COOKIE)).toBe('');
    }
    const refused = await load(`/menus?email=${email('late')}&zip=10001`, office);
    expect(refused.redirect).toBe('/menus');
    const notice = cookiePair(refused.setCookies, NOTICE_COOKIE);
    expect(JSON.parse(decodeURIComponent(notice.split('=')[1] ?? ''))).toEqual({
      type: 'error',
      message: EMAIL_CHECKS_LIMITED_MESSAGE,
    });
    // The page it lands on shows it (rendered by the server: without JavaScript too).
    const cart = cookiePair(refused.setCookies, 'abandoned_cart_id');
    const shown = await load('/menus', office, [cart, notice].filter(Boolean).join('; '));
    expect(shown.page?.notice).toEqual({ type: 'error', message: EMAIL_CHECKS_LIMITED_MESSAGE });
  });

  it('the capture form answers with the same words', async () => {
    const office = '192.0.2.45';
    for (let index = 0; index < CHECKS_PER_HOUR; index += 1)
      await load(`/menus?email=${email('colleague')}&zip=10001`, office);
    const request = new Request(`${TEST_SITE.url}/cart`, {
      method: 'POST',
      headers: { referer: `${TEST_SITE.url}/menus`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'update-details', email: email('popup'), zip_code: '10001' }),
    });
    const api = createServerApiClient(inProcessTransport(context.app), request, office);
    const answer = await runCartAction(request, api, TEST_SITE);
    expect(answer).not.toBeInstanceOf(Response);
    const data = (answer as { data: { ok: boolean; result?: { error?: Record<string, string[]> } } }).data;
    expect(data.ok).toBe(false);
    expect(data.result?.error?.['']).toEqual([EMAIL_CHECKS_LIMITED_MESSAGE]);
  });
});
