import { endpoints } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint';
import { signedIn } from '../http/guards';
import { orderRatingForm, type RatingDeps, rateByLink, rateOrder, ratingFormByLink } from './dish-ratings';

const tags = ['families'];

/**
 * Rating a delivered box per child (docs/decisions/055, Ratings): through the email's link (no
 * session: the token opens one order, once, until it expires) or the account's order page.
 */
export default async function dishRatingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = (): RatingDeps => ({
    db: app.database.db,
    // A dish's public figure moved: every replica drops its catalogue (decision 028), after the commit.
    catalogueChanged: () => app.catalogue.changed(),
  });

  route(app, endpoints.ratings.formByLink, { tags }, async (request) => ({
    data: await ratingFormByLink(app.database.db, request.query.token, new Date()),
    meta: {},
  }));

  route(app, endpoints.ratings.rateByLink, { tags }, async (request) => ({
    data: await rateByLink(deps(), request.body.token, request.body.ratings, new Date()),
    meta: {},
  }));

  route(app, endpoints.ratings.orderForm, { tags }, async (request) => {
    const { user } = signedIn(request);
    return {
      data: await orderRatingForm(app.database.db, user.id, request.params.orderId, new Date()),
      meta: {},
    };
  });

  route(app, endpoints.ratings.rateOrder, { tags }, async (request) => {
    const { user } = signedIn(request);
    return {
      data: await rateOrder(deps(), user.id, request.params.orderId, request.body.ratings, new Date()),
      meta: {},
    };
  });
}
