import {
  completePasswordResetBody,
  IMPERSONATOR_SESSION_COOKIE,
  impersonationBody,
  impersonationResponse,
  initialAuthResponse,
  loginBody,
  loginResult,
  meQuery,
  meResponse,
  messageErrorBody,
  PASSWORD_RESET_SENT_MESSAGE,
  passwordResetRequestBody,
  SESSION_COOKIE,
  SOCIAL_SIGN_IN_MESSAGES,
  TRUSTED_DEVICE_COOKIE,
  tokenBody,
  tokenResult,
  validationErrorBody,
  verificationBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SocialProviderConfig } from '../../config';
import { AppError } from '../../errors/app-error';
import {
  type CookieSettings,
  clearImpersonationCookie,
  clearSessionCookie,
  readCookie,
  setImpersonationCookies,
  setSessionCookies,
} from '../../http/cookies';
import { requireAdmin, type SignedInSession, signedIn } from '../../http/guards';
import { defaultAddress } from '../accounts/service';
import { updateAbandonedCart } from '../carts/service';
import { currentSubscription } from '../checkout/service';
import { findFirstBoxAfterPause, findPaymentPause } from '../subscriptions/lifecycle-service';
import { findCanceledSubscription } from '../subscriptions/service';
import * as auth from './service';
import { SocialLogin } from './social';

const tags = ['accounts'];

type Options = {
  siteUrl: string;
  siteName: string;
  accountSiteUrl: string;
  adminSiteUrl: string;
  socialProviders: SocialProviderConfig[];
  emailChecksPerHour: number;
  signInLimits: auth.SignInLimits;
};

export default async function authRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const siteUrl = new URL(options.siteUrl);
  const cookies: CookieSettings = { secure: siteUrl.protocol === 'https:', siteHostname: siteUrl.hostname };

  app.post(
    '/auth',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password (then a code by email on a new device)',
        body: loginBody,
        response: { 200: loginResult, 422: validationErrorBody, 429: messageErrorBody },
      },
    },
    async (request, reply) => {
      const { result, issued } = await auth.login(db(), app.mailer, {
        ...request.body,
        trustedDeviceToken: readCookie(request, TRUSTED_DEVICE_COOKIE),
        siteName: options.siteName,
        limits: options.signInLimits,
      });
      app.mailer.flush();
      if (issued.sessionToken) {
        // Rotate: whatever session this browser had ends now.
        await auth.logout(db(), readCookie(request, SESSION_COOKIE));
        setSessionCookies(reply, cookies, issued);
      }
      return result;
    },
  );

  app.post(
    '/auth/verification',
    {
      schema: {
        tags,
        summary: 'Finish signing in with the 6-digit code from the email',
        body: verificationBody,
        response: { 200: loginResult, 422: validationErrorBody },
      },
    },
    async (request, reply) => {
      const { result, issued } = await auth.verifyCode(db(), request.body);
      await auth.logout(db(), readCookie(request, SESSION_COOKIE));
      setSessionCookies(reply, cookies, issued);
      return result;
    },
  );

  app.delete(
    '/auth',
    { schema: { tags, summary: 'Sign out (ends this session, and an admin acting as a customer: both)' } },
    async (request, reply) => {
      await auth.logout(db(), readCookie(request, SESSION_COOKIE));
      // An admin who signs out while acting as a customer signs out: the act-as session and the
      // admin's own session kept aside both end (and with it any other act-as session it opened).
      const keptAdminSession = readCookie(request, IMPERSONATOR_SESSION_COOKIE);
      if (keptAdminSession) {
        await auth.logout(db(), keptAdminSession);
        clearImpersonationCookie(reply, cookies);
      }
      clearSessionCookie(reply, cookies);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/impersonations',
    {
      schema: {
        tags,
        summary: 'Admin only: act as a customer (support); the impersonation cookie says so',
        body: impersonationBody,
        response: {
          201: impersonationResponse,
          401: messageErrorBody,
          403: messageErrorBody,
          404: messageErrorBody,
        },
      },
      preHandler: requireAdmin,
    },
    async (request, reply) => {
      const { sessionToken, expiresAt, customer } = await auth.startImpersonation(
        db(),
        signedIn(request),
        request.body.user_id,
      );
      setImpersonationCookies(reply, cookies, {
        sessionToken,
        maxAgeSeconds: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
        adminSessionToken: readCookie(request, SESSION_COOKIE),
      });
      return reply.status(201).send({ data: { user_id: customer.id, email: customer.email }, meta: {} });
    },
  );

  app.delete(
    '/auth/impersonations',
    {
      schema: {
        tags,
        summary: 'Stop acting as a customer (204; 404 when this session is not an impersonation)',
      },
    },
    async (request, reply) => {
      const impersonatorUserId = await auth.endImpersonation(db(), readCookie(request, SESSION_COOKIE));
      const adminSession = await auth.impersonatorSession(
        db(),
        readCookie(request, IMPERSONATOR_SESSION_COOKIE),
        impersonatorUserId,
      );
      // Back to the admin's own session when it is still live; else signed out, as before.
      if (adminSession) setSessionCookies(reply, cookies, { sessionToken: adminSession });
      else clearSessionCookie(reply, cookies);
      clearImpersonationCookie(reply, cookies);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/password-resets',
    {
      schema: {
        tags,
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: passwordResetRequestBody,
        response: { 200: messageErrorBody, 422: validationErrorBody, 429: messageErrorBody },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(
        db(),
        app.mailer,
        { email: request.body.email, siteUrl: options.siteUrl, siteName: options.siteName },
        { ip: request.ip },
      );
      app.mailer.flush();
      return { message: PASSWORD_RESET_SENT_MESSAGE };
    },
  );

  app.post(
    '/auth/completed-password-resets',
    {
      schema: {
        tags,
        summary: 'Set a new password with the emailed token; answers a one-time sign-in token',
        body: completePasswordResetBody,
        response: { 200: tokenResult, 422: validationErrorBody, 429: messageErrorBody },
      },
    },
    async (request) => auth.completePasswordReset(db(), request.body, { ip: request.ip }),
  );

  app.post(
    '/auth/token',
    {
      schema: {
        tags,
        summary: 'Exchange a one-time sign-in token for a session',
        body: tokenBody,
        response: { 200: loginResult, 422: validationErrorBody },
      },
    },
    async (request, reply) => {
      const { result, issued } = await auth.exchangeLoginToken(db(), request.body.token);
      await auth.logout(db(), readCookie(request, SESSION_COOKIE));
      setSessionCookies(reply, cookies, issued);
      return result;
    },
  );

  app.get(
    '/auth/initial',
    {
      schema: {
        tags,
        summary: 'Who is signed in, without a 401 for visitors',
        response: { 200: initialAuthResponse },
      },
    },
    async (request) => {
      const session = await auth.sessionUser(db(), readCookie(request, SESSION_COOKIE));
      if (!session) return { authenticated: false, is_admin: false, user: null };
      const subscription = await currentSubscription(db(), session.user.id);
      return {
        authenticated: true,
        is_admin: session.user.isAdmin,
        user: { ...toMe(session), subscription },
      };
    },
  );

  const social = new SocialLogin(options.socialProviders, options.siteUrl);
  const providerParams = z.object({ provider: z.enum(['google', 'facebook', 'apple']) });

  app.get(
    '/auth/providers',
    {
      schema: {
        tags,
        summary: 'Social sign-in providers that are configured (none are offered otherwise)',
        response: { 200: z.object({ data: z.array(z.string()) }) },
      },
    },
    async () => ({ data: social.names }),
  );

  app.get(
    '/auth/:provider',
    {
      schema: {
        tags,
        summary: 'Start signing in with Google, Facebook or Apple (redirects to the provider)',
        params: providerParams,
        querystring: z.object({ abandoned_cart_id: z.string().max(64).optional() }).strict(),
      },
    },
    async (request, reply) => {
      try {
        const url = await social.start(db(), request.params.provider, request.query.abandoned_cart_id);
        return reply.redirect(url, 302);
      } catch (error) {
        // A browser followed a link here: it goes back to the login with words, never to JSON.
        request.log.warn({ err: error, provider: request.params.provider }, 'social sign-in did not start');
        return reply.redirect(socialFailureLocation(error), 302);
      }
    },
  );

  app.get(
    '/auth/:provider/callback',
    { schema: { tags, summary: 'The provider sends the browser back here', params: providerParams } },
    async (request, reply) => {
      try {
        const identity = await social.finish(
          db(),
          request.params.provider,
          new URL(request.url, options.siteUrl),
        );
        const user = await auth.findUserByEmail(db(), identity.email);
        if (user) {
          const issued = await auth.openSessionFor(db(), user.id);
          await auth.logout(db(), readCookie(request, SESSION_COOKIE));
          setSessionCookies(reply, cookies, issued);
          return reply.redirect(user.isAdmin ? options.adminSiteUrl : options.accountSiteUrl, 302);
        }
        // A new customer: the provider's verified email captures the abandoned cart (signup is
        // the first onboarding step; the account itself is created at checkout).
        if (identity.abandonedCartId) {
          await updateAbandonedCart(
            db(),
            identity.abandonedCartId,
            {
              email: identity.email,
              ...(identity.firstName ? { first_name: identity.firstName } : {}),
              ...(identity.lastName ? { last_name: identity.lastName } : {}),
              location: `social:${request.params.provider}`,
            },
            { ip: request.ip, emailChecksPerHour: options.emailChecksPerHour },
          );
          return reply.redirect('/onboarding/plans', 302);
        }
        return reply.redirect(`/onboarding/signup?email=${encodeURIComponent(identity.email)}`, 302);
      } catch (error) {
        request.log.warn({ err: error, provider: request.params.provider }, 'social sign-in failed');
        return reply.redirect(socialFailureLocation(error), 302);
      }
    },
  );

  app.get(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'The signed-in customer',
        querystring: meQuery,
        response: { 200: meResponse, 401: messageErrorBody },
      },
    },
    async (request) => {
      const session = signedIn(request);
      const [address, subscription] = await Promise.all([
        request.query.include === 'address' ? defaultAddress(db(), session.user.id) : undefined,
        currentSubscription(db(), session.user.id),
      ]);
      // Only a customer without a current subscription asks the second question: was it canceled?
      const canceled = subscription ? null : await findCanceledSubscription(db(), session.user.id);
      const [firstBoxAfterPause, paymentPause] =
        subscription?.status === 'paused'
          ? await Promise.all([
              findFirstBoxAfterPause(db(), session.user.id),
              findPaymentPause(db(), session.user.id),
            ])
          : [null, null];
      return {
        data: {
          ...toMe(session),
          subscription,
          canceled_subscription: canceled,
          first_box_after_pause: firstBoxAfterPause,
          payment_pause: paymentPause,
          ...(address === undefined ? {} : { address }),
        },
        meta: {},
      };
    },
  );
}

/** The login page with one of the messages it knows (it shows no other `?error=` text). */
function socialFailureLocation(error: unknown): string {
  const known: readonly string[] = Object.values(SOCIAL_SIGN_IN_MESSAGES);
  const message =
    error instanceof AppError && known.includes(error.message)
      ? error.message
      : SOCIAL_SIGN_IN_MESSAGES.failed;
  return `/onboarding/login?error=${encodeURIComponent(message)}`;
}

function toMe(session: SignedInSession) {
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    referral_id: session.referralCode,
    is_admin: user.isAdmin,
    profile: { first_name: user.firstName, last_name: user.lastName },
  };
}
