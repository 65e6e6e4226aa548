import {
  accountOrderParams,
  accountOrderResponse,
  emailChangeBody,
  emailChangeStartedResponse,
  emailChangeVerificationBody,
  messageErrorBody,
  passwordChangeBody,
  paymentMethodChangeResponse,
  paymentMethodResponse,
  profileResponse,
  subscriptionChangeResponse,
  updatePaymentMethodBody,
  updateProfileBody,
  updateSubscriptionBody,
  validationErrorBody,
} from '@sprout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error';
import { signedIn } from '../http/guards';
import * as accounts from '../modules/accounts/service';
import { toProfile } from '../modules/accounts/wire';
import * as auth from '../modules/auth/service';
import { customerOrder } from '../modules/checkout/service';
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
 * The account's routes that compose modules (docs/decisions/050): the profile with its pending
 * email change (accounts and auth), orders (checkout), and the subscription's plan and card
 * (subscriptions, with the renewal that charges a failed box on the new card).
 */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const profileOf = async (userId: number) => ({
    data: toProfile(await accounts.findAccount(db(), userId), await auth.pendingEmailChange(db(), userId)),
    meta: {},
  });

  app.get(
    '/api/me/profile',
    {
      schema: {
        tags,
        summary: 'My name, email and text-message choice',
        response: { 200: profileResponse, 401: messageErrorBody },
      },
    },
    async (request) => profileOf(signedIn(request).user.id),
  );

  app.put(
    '/api/me/profile',
    {
      schema: {
        tags,
        summary: 'Change my name or text-message choice (only the fields sent)',
        body: updateProfileBody,
        response: { 200: profileResponse, 401: messageErrorBody, 422: validationErrorBody },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      await accounts.updateProfile(db(), user.id, request.body);
      return profileOf(user.id);
    },
  );

  app.post(
    '/api/me/profile/email',
    {
      schema: {
        tags,
        summary: 'Change my email: mails a code to the new address; nothing changes until it comes back',
        body: emailChangeBody,
        response: {
          202: emailChangeStartedResponse,
          401: messageErrorBody,
          403: messageErrorBody,
          422: validationErrorBody,
          429: messageErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { user } = ownSession(request);
      const started = await auth.requestEmailChange(db(), app.mailer, {
        userId: user.id,
        email: request.body.email,
        currentPassword: request.body.current_password,
        siteName: app.deps.site.name,
      });
      app.mailer.flush();
      return reply.status(202).send({ data: started, meta: {} });
    },
  );

  app.post(
    '/api/me/profile/email/verification',
    {
      schema: {
        tags,
        summary: 'Confirm my new email with the code sent to it: the email changes now',
        body: emailChangeVerificationBody,
        response: {
          200: profileResponse,
          401: messageErrorBody,
          403: messageErrorBody,
          422: validationErrorBody,
        },
      },
    },
    async (request) => {
      const { user } = ownSession(request);
      await auth.confirmEmailChange(db(), app.mailer, {
        userId: user.id,
        verificationId: request.body.verification_id,
        code: request.body.code,
        siteName: app.deps.site.name,
        siteUrl: app.deps.site.url,
      });
      app.mailer.flush();
      return profileOf(user.id);
    },
  );

  app.put(
    '/api/me/profile/password',
    {
      schema: {
        tags,
        summary: 'Change my password (the current one first); every other browser is signed out',
        body: passwordChangeBody,
        response: {
          200: profileResponse,
          401: messageErrorBody,
          403: messageErrorBody,
          422: validationErrorBody,
          429: messageErrorBody,
        },
      },
    },
    async (request) => {
      const session = ownSession(request);
      await auth.changePassword(db(), app.mailer, {
        userId: session.user.id,
        sessionIdHash: session.idHash,
        currentPassword: request.body.current_password,
        password: request.body.password,
        siteName: app.deps.site.name,
        siteUrl: app.deps.site.url,
      });
      app.mailer.flush();
      return profileOf(session.user.id);
    },
  );

  app.get(
    '/api/me/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'One of my orders with its lines and every cost line (the receipt)',
        params: accountOrderParams,
        response: {
          200: accountOrderResponse,
          401: messageErrorBody,
          403: messageErrorBody,
          404: messageErrorBody,
        },
      },
    },
    async (request) => ({
      data: await customerOrder(db(), signedIn(request).user.id, request.params.orderId),
      meta: {},
    }),
  );

  const subscriptionChangeRoute = (summary: string) => ({
    schema: {
      tags,
      summary,
      body: updateSubscriptionBody,
      response: {
        200: subscriptionChangeResponse,
        401: messageErrorBody,
        409: messageErrorBody,
        422: validationErrorBody,
      },
    },
  });

  app.put(
    '/api/me/subscription',
    subscriptionChangeRoute(
      'Change my plan, frequency or delivery day, from the next box that is not locked',
    ),
    async (request) => ({
      data: await changeSubscription(db(), signedIn(request).user.id, request.body, {
        now: new Date(),
        preview: false,
      }),
      meta: {},
    }),
  );

  app.post(
    '/api/me/subscription/preview',
    subscriptionChangeRoute(
      'What a plan, frequency or delivery-day change would make of my next box (saves nothing)',
    ),
    async (request) => ({
      data: await changeSubscription(db(), signedIn(request).user.id, request.body, {
        now: new Date(),
        preview: true,
      }),
      meta: {},
    }),
  );

  app.get(
    '/api/me/payment-method',
    {
      schema: {
        tags,
        summary: 'The card my boxes are charged to (brand and last four), or null',
        response: { 200: paymentMethodResponse, 401: messageErrorBody },
      },
    },
    async (request) => ({ data: await currentPaymentMethod(db(), signedIn(request).user.id), meta: {} }),
  );

  app.put(
    '/api/me/payment-method',
    {
      schema: {
        tags,
        summary:
          "Replace my card with one from the provider's card form; a box that failed is charged again at once",
        body: updatePaymentMethodBody,
        response: {
          200: paymentMethodChangeResponse,
          401: messageErrorBody,
          409: messageErrorBody,
          422: validationErrorBody,
        },
      },
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
