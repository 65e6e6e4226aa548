import {
  completePasswordResetBody,
  impersonationBody,
  impersonationResponse,
  initialAuthResponse,
  loginBody,
  loginResult,
  passwordResetRequestBody,
  routeAccessQuery,
  routeAccessResponse,
  socialProviderParams,
  socialProvidersResponse,
  socialStartQuery,
  tokenBody,
  tokenResult,
  verificationBody,
} from './auth';
import { endpointPaths } from './endpoint-paths';
import { declare } from './endpoints-types';
import { messageErrorBody, validationErrorBody } from './errors';

export const authEndpoints = {
  /** Sign in with email and password (then a code by email on a new device) */
  signIn: declare({
    method: 'POST',
    path: '/auth',
    body: loginBody,
    responses: { 200: loginResult, 422: validationErrorBody, 429: messageErrorBody },
  }),
  /** Sign out (ends this session, and an admin acting as a customer: both) */
  signOut: declare({ method: 'DELETE', path: '/auth', responses: {} }),
  /** Who is signed in, without a 401 for visitors */
  initial: declare({ method: 'GET', path: '/auth/initial', responses: { 200: initialAuthResponse } }),
  /** Social sign-in providers that are configured (none are offered otherwise) */
  providers: declare({ method: 'GET', path: '/auth/providers', responses: { 200: socialProvidersResponse } }),
  /** Start signing in with Google, Facebook or Apple (redirects to the provider) */
  socialStart: declare({
    method: 'GET',
    path: endpointPaths.socialStart,
    params: socialProviderParams,
    query: socialStartQuery,
    responses: {},
  }),
  /** The provider sends the browser back here */
  socialCallback: declare({
    method: 'GET',
    path: '/auth/:provider/callback',
    params: socialProviderParams,
    responses: {},
  }),
  /** Exchange a one-time sign-in token for a session */
  exchangeToken: declare({
    method: 'POST',
    path: '/auth/token',
    body: tokenBody,
    responses: { 200: loginResult, 422: validationErrorBody },
  }),
  /** Finish signing in with the 6-digit code from the email */
  verify: declare({
    method: 'POST',
    path: '/auth/verification',
    body: verificationBody,
    responses: { 200: loginResult, 422: validationErrorBody },
  }),
  /** Email a password reset link (same answer whether or not the account exists) */
  requestPasswordReset: declare({
    method: 'POST',
    path: '/auth/password-resets',
    body: passwordResetRequestBody,
    responses: { 200: messageErrorBody, 422: validationErrorBody, 429: messageErrorBody },
  }),
  /** Set a new password with the emailed token; answers a one-time sign-in token */
  completePasswordReset: declare({
    method: 'POST',
    path: '/auth/completed-password-resets',
    body: completePasswordResetBody,
    responses: { 200: tokenResult, 422: validationErrorBody, 429: messageErrorBody },
  }),
  /** Admin only: act as a customer (support); the impersonation cookie says so */
  impersonate: declare({
    method: 'POST',
    path: '/auth/impersonations',
    body: impersonationBody,
    responses: {
      201: impersonationResponse,
      401: messageErrorBody,
      403: messageErrorBody,
      404: messageErrorBody,
    },
  }),
  /** Stop acting as a customer (204; 404 when this session is not an impersonation) */
  endImpersonation: declare({ method: 'DELETE', path: '/auth/impersonations', responses: {} }),
};

export const accessEndpoints = {
  /** May this visitor open this path? Allowed, or where to go instead */
  routeAccess: declare({
    method: 'GET',
    path: '/api/route-access',
    query: routeAccessQuery,
    responses: { 200: routeAccessResponse },
  }),
};
