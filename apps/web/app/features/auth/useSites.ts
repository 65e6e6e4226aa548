import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { ACCOUNT_SITE_URL, ADMIN_SITE_URL, type Sites } from './login-routing';

/** The configured account and admin sites (ACCOUNT_SITE_URL, ADMIN_SITE_URL on the server). */
export function useSites(): Sites {
  const root = useRouteLoaderData<RootData>('root');
  return { account: root?.site.accountUrl ?? ACCOUNT_SITE_URL, admin: root?.site.adminUrl ?? ADMIN_SITE_URL };
}
