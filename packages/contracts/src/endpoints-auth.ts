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
  signIn: declare({
    summary: 'Sign in with email and password (then a code by email on a new device)',
    method: 'POST',
    path: '/auth',
    body: loginBody,
    responses: { 200: loginResult, 422: validationErrorBody, 429: messageErrorBody },
  }),
  signOut: declare({
    summary: 'Sign out (ends this session, and an admin acting as a customer: both)',
    method: 'DELETE',
    path: '/auth',
    responses: {},
  }),
  initial: declare({
    summary: 'Who is signed in, without a 401 for visitors',
    method: 'GET',
    path: '/auth/initial',
    responses: { 200: initialAuthResponse },
  }),
  providers: declare({
    summary: 'Social sign-in providers that are configured (none are offered otherwise)',
    method: 'GET',
    path: '/auth/providers',
    responses: { 200: socialProvidersResponse },
  }),
  socialStart: declare({
    summary: 'Start signing in with Google, Facebook or Apple (redirects to the provider)',
    method: 'GET',
    path: endpointPaths.socialStart,
    params: socialProviderParams,
    query: socialStartQuery,
    responses: {},
  }),
  socialCallback: declare({
    summary: 'The provider sends the browser back here',
    method: 'GET',
    path: '/auth/:provider/callback',
    params: socialProviderParams,
    responses: {},
  }),
  exchangeToken: declare({
    summary: 'Exchange a one-time sign-in token for a session',
    method: 'POST',
    path: '/auth/token',
    body: tokenBody,
    responses: { 200: loginResult, 422: validationErrorBody },
  }),
  verify: declare({
    summary: 'Finish signing in with the 6-digit code from the email',
    method: 'POST',
    path: '/auth/verification',
    body: verificationBody,
    responses: { 200: loginResult, 422: validationErrorBody },
  }),
  requestPasswordReset: declare({
    summary: 'Email a password reset link (same answer whether or not the account exists)',
    method: 'POST',
    path: '/auth/password-resets',
    body: passwordResetRequestBody,
    responses: { 200: messageErrorBody, 422: validationErrorBody, 429: messageErrorBody },
  }),
  completePasswordReset: declare({
    summary: 'Set a new password with the emailed token; answers a one-time sign-in token',
    method: 'POST',
    path: '/auth/completed-password-resets',
    body: completePasswordResetBody,
    responses: { 200: tokenResult, 422: validationErrorBody, 429: messageErrorBody },
  }),
  impersonate: declare({
    summary: 'Admin only: act as a customer (support); the impersonation cookie says so',
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
  endImpersonation: declare({
    summary: 'Stop acting as a customer (204; 404 when this session is not an impersonation)',
    method: 'DELETE',
    path: '/auth/impersonations',
    responses: {},
  }),
};

export const accessEndpoints = {
  routeAccess: declare({
    summary: 'May this visitor open this path? Allowed, or where to go instead',
    method: 'GET',
    path: '/api/route-access',
    query: routeAccessQuery,
    responses: { 200: routeAccessResponse },
  }),
};
