import {
  endpoints,
  IMPERSONATOR_SESSION_COOKIE,
  PASSWORD_RESET_SENT_MESSAGE,
  SESSION_COOKIE,
  TRUSTED_DEVICE_COOKIE,
} from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type CookieSettings,
  clearImpersonationCookie,
  clearSessionCookie,
  readCookie,
  setImpersonationCookies,
  setSessionCookies,
} from '../../http/cookies';
import { route } from '../../http/endpoint';
import { requireAdmin, signedIn } from '../../http/guards';
import * as auth from './service';

const tags = ['accounts'];

type Options = {
  siteUrl: string;
  siteName: string;
  signInLimits: auth.SignInLimits;
  /** The accounts module's answers, handed over by app.ts (auth imports no other module). */
  accounts: auth.AccountsForAuth;
};

export default async function authRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const siteUrl = new URL(options.siteUrl);
  const cookies: CookieSettings = { secure: siteUrl.protocol === 'https:', siteHostname: siteUrl.hostname };

  route(app, endpoints.auth.signIn, { tags }, async (request, reply) => {
    const { result, issued } = await auth.login(db(), app.mailer, {
      ...request.body,
      trustedDeviceToken: readCookie(request, TRUSTED_DEVICE_COOKIE),
      siteName: options.siteName,
      limits: options.signInLimits,
    });
    app.mailer.flush();
    if (issued.sessionToken) {
      // Rotate: whatever session this browser had ends now.
      await auth.logout(db(), options.accounts, readCookie(request, SESSION_COOKIE));
      setSessionCookies(reply, cookies, issued);
    }
    return result;
  });

  route(app, endpoints.auth.verify, { tags }, async (request, reply) => {
    const { result, issued } = await auth.verifyCode(db(), request.body);
    await auth.logout(db(), options.accounts, readCookie(request, SESSION_COOKIE));
    setSessionCookies(reply, cookies, issued);
    return result;
  });

  route(app, endpoints.auth.signOut, { tags }, async (request, reply) => {
    await auth.logout(db(), options.accounts, readCookie(request, SESSION_COOKIE));
    // An admin who signs out while acting as a customer signs out: the act-as session and the
    // admin's own session kept aside both end (and with it any other act-as session it opened).
    const keptAdminSession = readCookie(request, IMPERSONATOR_SESSION_COOKIE);
    if (keptAdminSession) {
      await auth.logout(db(), options.accounts, keptAdminSession);
      clearImpersonationCookie(reply, cookies);
    }
    clearSessionCookie(reply, cookies);
    return reply.status(204).send();
  });

  route(
    app,
    endpoints.auth.impersonate,
    {
      tags,
      route: { preHandler: requireAdmin },
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

  route(app, endpoints.auth.endImpersonation, { tags }, async (request, reply) => {
    const impersonatorUserId = await auth.endImpersonation(
      db(),
      options.accounts,
      readCookie(request, SESSION_COOKIE),
    );
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
  });

  route(app, endpoints.auth.requestPasswordReset, { tags }, async (request) => {
    await auth.requestPasswordReset(
      db(),
      app.mailer,
      { email: request.body.email, siteUrl: options.siteUrl, siteName: options.siteName },
      { ip: request.ip },
    );
    app.mailer.flush();
    return { message: PASSWORD_RESET_SENT_MESSAGE };
  });

  route(app, endpoints.auth.completePasswordReset, { tags }, async (request) =>
    auth.completePasswordReset(db(), options.accounts, request.body, { ip: request.ip }),
  );

  route(app, endpoints.auth.exchangeToken, { tags }, async (request, reply) => {
    const { result, issued } = await auth.exchangeLoginToken(db(), request.body.token);
    await auth.logout(db(), options.accounts, readCookie(request, SESSION_COOKIE));
    setSessionCookies(reply, cookies, issued);
    return result;
  });
}
