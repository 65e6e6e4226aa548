import type { LoginResult } from '@sprout/contracts';
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
export type TokenResult = { access_token: string; expires_in: number };
export type MessageResult = { message: string };

/** The account and auth calls of spec section 7, through the browser's API client. */
export function authApi(client: ApiClient = browserApiClient()) {
  return {
    login: (email: string, password: string): Promise<ApiResult<LoginResult>> =>
      client.request('POST', '/auth', { body: { email: email.trim(), password } }),
    verify: (code: string, verificationId: string): Promise<ApiResult<LoginResult>> =>
      client.request('POST', '/auth/verification', { body: { code: code.trim(), verificationId } }),
    requestPasswordReset: (email: string): Promise<ApiResult<MessageResult>> =>
      client.request('POST', '/auth/password-resets', { body: { email: email.trim() } }),
    /** Spec section 5: password_confirmation is sent equal to the password. */
    completePasswordReset: (input: {
      email: string;
      password: string;
      token: string;
    }): Promise<ApiResult<TokenResult>> =>
      client.request('POST', '/auth/completed-password-resets', {
        body: {
          email: input.email.trim(),
          password: input.password,
          password_confirmation: input.password,
          token: input.token,
        },
      }),
    exchangeToken: (token: string): Promise<ApiResult<LoginResult>> =>
      client.request('POST', '/auth/token', { body: { token } }),
    initial: (): Promise<ApiResult<InitialAuth>> => client.request('GET', '/auth/initial'),
    logout: (): Promise<ApiResult<null>> => client.request('DELETE', '/auth'),
  };
}

export type AuthApi = ReturnType<typeof authApi>;
