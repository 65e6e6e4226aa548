import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import { readOncePerPage } from '../lib/page-reads';
import { accountBalanceCents } from '../modules/gift-cards/service';
import * as subscriptions from '../modules/subscriptions/service';
import { checkAllergensOnAdd, familyForFlags } from './family-flags';
import { fillMyBox } from './smart-box';

const tags = ['account'];

/**
 * A customer's upcoming boxes: only ever their own (the path names no customer). The subscriptions
 * module prices each box as it will be charged, gift card balance included (docs/decisions/039);
 * that balance is the gift-cards module's, handed over here (docs/decisions/048).
 */
export default async function deliveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  route(app, endpoints.deliveries.list, { tags }, async (request) => {
    const { user } = signedIn(request);
    // A signed-in page asks twice (the storefront's box panel and the account page): one read
    // per page (lib/page-reads, docs/decisions/022-prepared-hot-path-queries.md); a request from the network always reads anew.
    const data = await readOncePerPage(`deliveries:${user.id}`, () =>
      subscriptions.listUpcomingDeliveries(db(), user.id, new Date(), accountBalanceCents),
    );
    return { data, meta: {} };
  });

  /**
   * Skipping a box and bringing it back: the same path, guard and answer, each its own method and
   * service call.
   */
  const skipRoute = (
    endpoint: typeof endpoints.deliveries.skip | typeof endpoints.deliveries.unskip,
    change: typeof subscriptions.skipDelivery,
  ) =>
    route(app, endpoint, { tags }, async (request) => {
      const { user } = signedIn(request);
      return {
        data: await change(db(), user.id, request.params.date, new Date(), accountBalanceCents),
        meta: {},
      };
    });
  skipRoute(endpoints.deliveries.skip, subscriptions.skipDelivery);
  skipRoute(endpoints.deliveries.unskip, subscriptions.unskipDelivery);

  route(app, endpoints.deliveries.setItem, { tags }, async (request) => {
    const { user } = signedIn(request);
    const now = new Date();
    // A dish with a child's allergen asks once (docs/decisions/055): the family is read before
    // the box's transaction, the dish in it, once the box says whether it holds the dish already.
    const family = await familyForFlags(db(), user.id, (await app.catalogue.tags()).value.data, now);
    const accepted = request.body.accept_allergens === true;
    return {
      data: await subscriptions.setDeliveryItem(
        db(),
        user.id,
        request.params.date,
        request.body,
        now,
        accountBalanceCents,
        (tx, change) => checkAllergensOnAdd(tx, family, { ...change, accepted }),
      ),
      meta: {},
    };
  });

  route(
    app,
    endpoints.deliveries.fill,
    {
      tags,
    },
    async (request) => {
      const { user } = signedIn(request);
      return {
        data: await fillMyBox(db(), user.id, request.params.date, new Date(), accountBalanceCents),
        meta: {},
      };
    },
  );
}
