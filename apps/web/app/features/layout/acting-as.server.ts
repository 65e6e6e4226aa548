import { endpoints, IMPERSONATION_COOKIE } from '@sprout/contracts';
import type { ServerApiClient } from '../../lib/api-client.server';

/**
 * Whom an admin is acting as, when the parent-domain impersonation cookie says they are (decision
 * 027): the session's email, for the "acting as" bar. Null for everyone else, without a call to the
 * API.
 */
export async function actingAs(request: Request, api: ServerApiClient): Promise<string | null> {
  const cookies = request.headers.get('cookie') ?? '';
  if (!cookies.split(/;\s*/).some((pair) => pair.startsWith(`${IMPERSONATION_COOKIE}=1`))) return null;
  const answer = await api.call(endpoints.auth.initial);
  return answer.kind === 'ok' ? (answer.data.user?.email ?? null) : null;
}
