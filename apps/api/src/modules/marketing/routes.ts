import {
  alsoLovedClickBody,
  cartRestoreResponse,
  eventRecordedResponse,
  experimentExposureBody,
  experimentsQuery,
  experimentsResponse,
  initializedCheckoutBody,
  marketingEventResponse,
  messageErrorBody,
  noContentResponse,
  nonprofitRemovalBody,
  nonprofitSelectionBody,
  nonprofitSelectionResponse,
  pickyEaterEventBody,
  reminderTokenBody,
  unsubscribeResponse,
  validationErrorBody,
  viewedPageBody,
} from '@sprout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { cartIdFromCookie } from '../../http/cart-cookie';
import { currentSession } from '../../http/guards';
import {
  cachedExperimentList,
  experimentsFor,
  recordAlsoLovedClick,
  recordExposure,
  recordInitializedCheckout,
  recordNonprofitSelection,
  recordPickyEaterEvent,
  recordViewedPage,
  removeNonprofitSelection,
  restoreCartFromReminder,
  unsubscribeByToken,
} from './service';

const tags = ['marketing'];
const errors = { 404: messageErrorBody, 422: validationErrorBody };

export default async function marketingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const experimentList = cachedExperimentList(db, app.catalogue.cache);

  /** The signed-in customer's id; a user_id naming anyone else is refused (assignments are theirs). */
  async function signedInUser(request: FastifyRequest, askedFor: number | undefined) {
    const session = await currentSession(request);
    if (askedFor !== undefined && session?.user.id !== askedFor)
      throw new AppError('forbidden', 'Sign in as this customer to read their experiments.');
    return session?.user.id;
  }

  app.post(
    '/api/marketing/events/initialized-checkout',
    {
      schema: {
        tags,
        summary: 'The visitor opened checkout',
        body: initializedCheckoutBody,
        response: { 201: marketingEventResponse, ...errors },
      },
    },
    async (request, reply) => {
      const eventId = await recordInitializedCheckout(db(), request.body);
      return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
    },
  );

  app.post(
    '/api/marketing/esp/events/viewed-page',
    {
      schema: {
        tags,
        summary: 'A visitor with a cart viewed a page (stored for the email service provider)',
        body: viewedPageBody,
        response: { 201: eventRecordedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const eventId = await recordViewedPage(db(), request.body);
      return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
    },
  );

  for (const [path, name, summary] of [
    ['/api/marketing/events/picky-eater-popup-open', 'PickyEaterPopupOpen', 'The picky-eater popup opened'],
    [
      '/api/marketing/events/picky-eaters-popup-cta-clicked',
      'PickyEatersPopupCtaClicked',
      "The picky-eater popup's call to action was clicked",
    ],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          body: pickyEaterEventBody,
          response: { 201: eventRecordedResponse, ...errors },
        },
      },
      async (request, reply) => {
        const eventId = await recordPickyEaterEvent(db(), name, request.body ?? {});
        return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
      },
    );
  }

  // The GET of this path (catalog) lists the recommendations; a POST records a click on one.
  app.post(
    '/api/customers-also-loved-clicked',
    {
      schema: {
        tags,
        summary: 'A "customers also loved" recommendation was clicked (added to the box)',
        body: alsoLovedClickBody,
        response: { 201: eventRecordedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const cartId = request.body.abandoned_cart_id ?? cartIdFromCookie(request.headers.cookie);
      const eventId = await recordAlsoLovedClick(db(), { sku: request.body.sku, abandoned_cart_id: cartId });
      return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
    },
  );

  app.post(
    '/api/marketing/beam/nonprofit',
    {
      schema: {
        tags,
        summary: 'The customer chose a nonprofit to receive a share of their order',
        body: nonprofitSelectionBody,
        response: {
          201: nonprofitSelectionResponse,
          401: messageErrorBody,
          403: messageErrorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const userId = await signedInUser(request, undefined);
      const selection = await recordNonprofitSelection(db(), request.body, userId);
      return reply.code(201).send({ data: selection, meta: {} });
    },
  );

  app.delete(
    '/api/marketing/beam/nonprofit',
    {
      schema: {
        tags,
        summary: 'The customer took the charity off their order',
        body: nonprofitRemovalBody,
        response: { 204: noContentResponse, 401: messageErrorBody, 403: messageErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await signedInUser(request, undefined);
      if (userId === undefined) throw new AppError('unauthenticated', 'Sign in to change your order.');
      await removeNonprofitSelection(db(), userId, request.body.order_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/experiments',
    {
      schema: {
        tags,
        summary: "The running experiments' variants of this visitor (assigned on first ask, then kept)",
        querystring: experimentsQuery,
        response: { 200: experimentsResponse, 403: messageErrorBody, 422: validationErrorBody },
      },
    },
    async (request) => {
      const userId = await signedInUser(request, request.query.user_id);
      const cartId = request.query.abandoned_cart_id ?? cartIdFromCookie(request.headers.cookie);
      return {
        data: await experimentsFor(
          db(),
          { cartId, userId, visitorId: request.query.visitor_id },
          new Date(),
          { experiments: experimentList },
        ),
        meta: {},
      };
    },
  );

  app.post(
    '/api/experiments/exposures',
    {
      schema: {
        tags,
        summary: 'The visitor saw what their variant changes (first exposure kept)',
        body: experimentExposureBody,
        response: { 204: noContentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await signedInUser(request, undefined);
      const cartId = request.body.abandoned_cart_id ?? cartIdFromCookie(request.headers.cookie);
      await recordExposure(db(), {
        experimentCode: request.body.experiment_code,
        cartId,
        userId,
        visitorId: request.body.visitor_id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/marketing/cart-reminders/restore',
    {
      schema: {
        tags,
        summary: "A reminder email's link: the cart it restores (while it is still open)",
        body: reminderTokenBody,
        response: { 200: cartRestoreResponse, 400: messageErrorBody, ...errors },
      },
    },
    async (request) => ({
      data: { abandoned_cart_id: await restoreCartFromReminder(db(), request.body.token) },
      meta: {},
    }),
  );

  app.post(
    '/api/marketing/unsubscribe',
    {
      schema: {
        tags,
        summary: "A reminder's one-click unsubscribe: no more reminders to that address",
        body: reminderTokenBody,
        response: { 200: unsubscribeResponse, ...errors },
      },
    },
    async (request) => ({ data: { email: await unsubscribeByToken(db(), request.body.token) }, meta: {} }),
  );
}
