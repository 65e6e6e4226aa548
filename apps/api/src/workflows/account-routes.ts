import { endpoints } from '@sprout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import * as accounts from '../modules/accounts/service';
import { toProfile } from '../modules/accounts/wire';
import * as auth from '../modules/auth/service';
import { customerOrder } from '../modules/checkout/service';
import { lookUpZipCode } from '../modules/shipping/service';
import { currentPaymentMethod, replacePaymentMethod } from './account-payment-method';
import { changeSubscription } from './plan-change';

const tags = ['accounts'];

/** Email and password are the customer's own: an admin acting as them (support) cannot change them. */
function ownSession(request: FastifyRequest) {
  const session = signedIn(request);
  if (session.impersonatorUserId !== null) {
    throw new AppError(
      'forbidden',
      'Only the customer can change their email or password, not an admin acting as them.',
    );
  }
  return session;
}

/**
 * The account's routes that compose modules (docs/decisions/050): an address change (accounts,
 * with shipping's zip code look-up), the profile with its pending email change (accounts and auth), orders (checkout), and the subscription's plan and card
 * (subscriptions, with the renewal that charges a failed box on the new card).
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const profileOf = async (userId: number) => ({
    data: toProfile(await accounts.findAccount(db(), userId), await auth.pendingEmailChange(db(), userId)),
    meta: {},
  });

  route(
    app,
    endpoints.account.updateAddress,
    {
      tags,
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await accounts.updateAddress(
          db(),
          lookUpZipCode,
          user.id,
          request.params.addressId,
          request.body,
        ),
        meta: {},
      };
    },
  );

  route(app, endpoints.account.profile, { tags }, async (request) => profileOf(signedIn(request).user.id));

  route(app, endpoints.account.updateProfile, { tags }, async (request) => {
    const { user } = signedIn(request);
    await accounts.updateProfile(db(), user.id, request.body);
    return profileOf(user.id);
  });

  route(
    app,
    endpoints.account.changeEmail,
    {
      tags,
    },
    async (request, reply) => {
      const { user } = ownSession(request);
      const started = await auth.requestEmailChange(db(), app.mailer, accounts, {
        userId: user.id,
        email: request.body.email,
        currentPassword: request.body.current_password,
        siteName: app.deps.site.name,
      });
      app.mailer.flush();
      return reply.status(202).send({ data: started, meta: {} });
    },
  );

  route(app, endpoints.account.verifyEmailChange, { tags }, async (request) => {
    const { user } = ownSession(request);
    await auth.confirmEmailChange(db(), app.mailer, accounts, {
      userId: user.id,
      verificationId: request.body.verification_id,
      code: request.body.code,
      siteName: app.deps.site.name,
      siteUrl: app.deps.site.url,
    });
    app.mailer.flush();
    return profileOf(user.id);
  });

  route(app, endpoints.account.changePassword, { tags }, async (request) => {
    const session = ownSession(request);
    await auth.changePassword(db(), app.mailer, accounts, {
      userId: session.user.id,
      sessionIdHash: session.idHash,
      currentPassword: request.body.current_password,
      password: request.body.password,
      siteName: app.deps.site.name,
      siteUrl: app.deps.site.url,
    });
    app.mailer.flush();
    return profileOf(session.user.id);
  });

  route(app, endpoints.account.order, { tags }, async (request) => ({
    data: await customerOrder(db(), signedIn(request).user.id, request.params.orderId),
    meta: {},
  }));

  route(app, endpoints.account.changeSubscription, { tags }, async (request) => ({
    data: await changeSubscription(db(), signedIn(request).user.id, request.body, {
      now: new Date(),
      preview: false,
    }),
    meta: {},
  }));

  route(
    app,
    endpoints.account.previewSubscriptionChange,
    {
      tags,
    },
    async (request) => ({
      data: await changeSubscription(db(), signedIn(request).user.id, request.body, {
        now: new Date(),
        preview: true,
      }),
      meta: {},
    }),
  );

  route(app, endpoints.account.paymentMethod, { tags }, async (request) => ({
    data: await currentPaymentMethod(db(), signedIn(request).user.id),
    meta: {},
  }));

  route(
    app,
    endpoints.account.updatePaymentMethod,
    {
      tags,
    },
    async (request) => {
      const { user } = signedIn(request);
      const { method, retried } = await replacePaymentMethod(
        app.deps,
        user,
        request.body.payment_method_id,
        new Date(),
      );
      return { data: method, meta: { retried_deliveries: retried } };
    },
  );
}
