import {
  loginBody,
  loginResult,
  meQuery,
  meResponse,
  messageErrorBody,
  SESSION_COOKIE,
  TRUSTED_DEVICE_COOKIE,
  validationErrorBody,
  verificationBody,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { type CookieSettings, clearSessionCookie, readCookie, setSessionCookies } from './cookies';
import * as auth from './service';

const tags = ['accounts'];

export default async function authRoutes(
  fastify: FastifyInstance,
  options: { siteUrl: string; siteName: string },
) {
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
    { schema: { tags, summary: 'Sign out (ends this session)' } },
    async (request, reply) => {
      await auth.logout(db(), readCookie(request, SESSION_COOKIE));
      clearSessionCookie(reply, cookies);
      return reply.status(204).send();
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
      const session = await auth.sessionUser(db(), readCookie(request, SESSION_COOKIE));
      if (!session) throw new AppError('unauthenticated', 'Please sign in.');
      const { user } = session;
      return {
        data: {
          id: user.id,
          email: user.email,
          referral_id: session.referralCode,
          is_admin: user.isAdmin,
          profile: { first_name: user.firstName, last_name: user.lastName },
          subscription: null,
          ...(request.query.include === 'address' ? { address: null } : {}),
        },
        meta: {},
      };
    },
  );
}
