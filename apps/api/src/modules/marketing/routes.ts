import { endpoints } from '@sprout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { cartIdFromCookie } from '../../http/cart-cookie';
import { route } from '../../http/endpoint';
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

  route(app, endpoints.checkout.initialized, { tags }, async (request, reply) => {
    const eventId = await recordInitializedCheckout(db(), request.body);
    return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
  });

  route(app, endpoints.marketing.viewedPage, { tags }, async (request, reply) => {
    const eventId = await recordViewedPage(db(), request.body);
    return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
  });

  for (const [endpoint, name] of [
    [endpoints.marketing.pickyEaterPopupOpen, 'PickyEaterPopupOpen'],
    [endpoints.marketing.pickyEatersPopupCtaClicked, 'PickyEatersPopupCtaClicked'],
  ] as const) {
    route(app, endpoint, { tags }, async (request, reply) => {
      const eventId = await recordPickyEaterEvent(db(), name, request.body ?? {});
      return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
    });
  }

  // The GET of this path (catalog) lists the recommendations; a POST records a click on one.
  route(app, endpoints.marketing.alsoLovedClicked, { tags }, async (request, reply) => {
    const cartId = request.body.abandoned_cart_id ?? cartIdFromCookie(request.headers.cookie);
    const eventId = await recordAlsoLovedClick(db(), { sku: request.body.sku, abandoned_cart_id: cartId });
    return reply.code(201).send({ data: { event_id: eventId }, meta: {} });
  });

  route(app, endpoints.marketing.chooseNonprofit, { tags }, async (request, reply) => {
    const userId = await signedInUser(request, undefined);
    const selection = await recordNonprofitSelection(db(), request.body, userId);
    return reply.code(201).send({ data: selection, meta: {} });
  });

  route(app, endpoints.marketing.removeNonprofit, { tags }, async (request, reply) => {
    const userId = await signedInUser(request, undefined);
    if (userId === undefined) throw new AppError('unauthenticated', 'Sign in to change your order.');
    await removeNonprofitSelection(db(), userId, request.body.order_id);
    return reply.code(204).send(null);
  });

  route(app, endpoints.marketing.experiments, { tags }, async (request) => {
    const userId = await signedInUser(request, request.query.user_id);
    const cartId = request.query.abandoned_cart_id ?? cartIdFromCookie(request.headers.cookie);
    return {
      data: await experimentsFor(db(), { cartId, userId, visitorId: request.query.visitor_id }, new Date(), {
        experiments: experimentList,
      }),
      meta: {},
    };
  });

  route(app, endpoints.marketing.experimentExposure, { tags }, async (request, reply) => {
    const userId = await signedInUser(request, undefined);
    const cartId = request.body.abandoned_cart_id ?? cartIdFromCookie(request.headers.cookie);
    await recordExposure(db(), {
      experimentCode: request.body.experiment_code,
      cartId,
      userId,
      visitorId: request.body.visitor_id,
    });
    return reply.code(204).send(null);
  });

  route(app, endpoints.marketing.restoreCart, { tags }, async (request) => ({
    data: { abandoned_cart_id: await restoreCartFromReminder(db(), request.body.token) },
    meta: {},
  }));

  route(app, endpoints.marketing.unsubscribe, { tags }, async (request) => ({
    data: { email: await unsubscribeByToken(db(), request.body.token) },
    meta: {},
  }));
}
