import { IMPERSONATION_COOKIE } from '@sprout/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { forgetCart } from '../cart/storage';
import { type AuthApi, authApi, type InitialAuth } from './auth-api';

/**
 * Who is signed in, as the browser knows it: asked from GET /auth/initial after hydration (the
 * server renders every visitor as signed out, so the first paint matches), refreshed after sign-in
 * and cleared on logout. One store for the page, so every header agrees.
 */
export type AuthStatus =
  | { state: 'unknown' }
  | { state: 'signed-out' }
  | { state: 'signed-in'; isAdmin: boolean; firstName: string | null; email: string };

let status: AuthStatus = { state: 'unknown' };
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const UNKNOWN: AuthStatus = { state: 'unknown' };

function set(next: AuthStatus) {
  status = next;
  for (const listener of listeners) listener();
}

export function statusFromInitial(initial: InitialAuth): AuthStatus {
  if (!initial.authenticated || !initial.user) return { state: 'signed-out' };
  return {
    state: 'signed-in',
    isAdmin: initial.is_admin,
    firstName: initial.user.profile.first_name,
    email: initial.user.email,
  };
}

/** Reloads the user (after sign-in, or once per page load). */
export function refreshAuth(api: AuthApi = authApi()): Promise<void> {
  loading = api.initial().then((result) => {
    if (result.kind === 'ok') set(statusFromInitial(result.data));
    else if (result.kind === 'error') set({ state: 'signed-out' });
  });
  return loading;
}

export function markSignedOut(): void {
  set({ state: 'signed-out' });
}

export function useAuthStatus(): AuthStatus {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => UNKNOWN,
  );
  useEffect(() => {
    if (status.state === 'unknown' && !loading) void refreshAuth();
  }, []);
  return current;
}

/** Spec section 6: the impersonation cookie is cleared on login and verification. */
export function clearImpersonationCookie(): void {
  if (typeof document === 'undefined') return;
  const expired = `${IMPERSONATION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  const host = window.location.hostname;
  const parts = host.split('.');
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
    document.cookie = expired;
    if (!isIp && parts.length > 2) {
      // biome-ignore lint/suspicious/noDocumentCookie: the parent-domain copy set by the admin site
      document.cookie = `${expired}; Domain=${parts.slice(-2).join('.')}`;
    }
  } catch {
    // Cookies can be blocked; the server expires it too.
  }
}

/** Clears the stored abandoned cart id (localStorage and its mirror cookie). */
export function clearStoredCart(): void {
  if (typeof window === 'undefined') return;
  forgetCart();
}
