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

/** Clears the stored abandoned cart id (localStorage and its mirror cookie). */
export function clearStoredCart(): void {
  if (typeof window === 'undefined') return;
  forgetCart();
}
