import type { ApiClient, ApiResult } from '../../lib/api';
import { browserApiClient } from '../../lib/api.client';

export type InitialAuth = {
  authenticated: boolean;
  is_admin: boolean;
  user: {
    id: number;
    email: string;
    profile: { first_name: string | null; last_name: string | null };
  } | null;
};

/** Who is signed in, and signing out, through the browser's API client (sign-in is the routes' actions). */
export function authApi(client: ApiClient = browserApiClient()) {
  return {
    initial: (): Promise<ApiResult<InitialAuth>> => client.request('GET', '/auth/initial'),
    logout: (): Promise<ApiResult<null>> => client.request('DELETE', '/auth'),
  };
}

export type AuthApi = ReturnType<typeof authApi>;
