import { endpoints } from '@sprout/contracts';
import type { ServerApiClient as ApiClient } from '../../lib/api-client.server';
import { readCartIdFromCookie } from '../cart/storage';
import { AUTO_APPLY_PROMO_COOKIE, normalizeCode, readCookie } from './cookies';

/**
 * The code a page is priced with (plans' first-box price, per-item promo prices): the link's `pc`,
 * else the code on the visitor's cart (GET /api/me/promo-code reads the cart cookie), else the
 * auto-apply cookie a link left for a cart not made yet. A failed lookup prices the page without
 * the cart's code.
 */
export async function browsingPromoCode(request: Request, api: ApiClient): Promise<string | null> {
  const fromUrl = normalizeCode(new URL(request.url).searchParams.get('pc'));
  if (fromUrl) return fromUrl;
  const cookieHeader = request.headers.get('cookie');
  const fromCookie = normalizeCode(readCookie(cookieHeader, AUTO_APPLY_PROMO_COOKIE));
  if (!readCartIdFromCookie(cookieHeader)) return fromCookie;
  try {
    const answer = await api.read(endpoints.account.promoCode);
    return normalizeCode(answer.data?.code) ?? fromCookie;
  } catch {
    return fromCookie;
  }
}
