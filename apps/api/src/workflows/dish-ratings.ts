import {
  addDays,
  calendarDay,
  DELIVERY_TIME_ZONE,
  type DishRatingEntry,
  formatCalendarDay,
  RATING_LINK_DAYS,
  RATING_NOT_DELIVERED_MESSAGE,
  RATING_ORDER_NOT_FOUND_MESSAGE,
  type RatingForm,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../errors/app-error';
import type { Job } from '../lib/jobs';
import { accountPageUrl } from '../lib/site';
import { setPublicRating } from '../modules/catalog/service';
import { listDeliveredOrders, orderDishes } from '../modules/checkout/service';
import * as families from '../modules/families/service';
import { ratingRequestMail } from '../platform/mail/templates';
import type { FlowDeps } from './deps';

/**
 * Ratings that teach the box (docs/decisions/055, Ratings), across the modules that hold their
 * parts: checkout knows the delivered order and its dishes, families the children, the link and
 * the ratings, catalog the dish's public figure. Modules do not import each other, so the flow is
 * here.
 *
 *   ask:   the day after a paid order's delivery (up to 14 days on), a family with children gets
 *          one email whose link opens that order's form without a sign-in;
 *   rate:  [one transaction: close the link (one submit) → save the ratings → each rated dish's
 *          public figure from every customer's ratings, once it has enough] → clear the
 *          catalogue cache when a figure changed (decision 028).
 */

const PAGE = 200;
const BATCH = 100;

const clockOf = (asOf: Date | null) => asOf ?? new Date();
const today = (at: Date) => calendarDay(at, DELIVERY_TIME_ZONE);

/** The "How did Mia and Leo like their box?" emails due at `asOf`: one per delivered order, ever. */
export async function sendRatingRequests(
  deps: Pick<FlowDeps, 'db' | 'mailer' | 'site'>,
  asOf: Date | null,
): Promise<number> {
  const day = today(clockOf(asOf));
  // Delivered before today and still inside the link's life: an older box is not asked about.
  const window = { since: addDays(day, -RATING_LINK_DAYS), before: day };
  let sent = 0;
  let afterId = 0;
  while (sent < BATCH) {
    const page = await listDeliveredOrders(deps.db, { ...window, afterId, limit: PAGE });
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    for (const order of await families.ordersToAskAbout(deps.db, page)) {
      if (sent >= BATCH) break;
      const queued = await deps.db.transaction(async (tx) => {
        const token = await families.openRatingLink(tx, order);
        if (token === null) return false;
        const children = await families.childNames(tx, order.userId);
        await deps.mailer.queue(
          tx,
          order.email,
          'rating-request',
          ratingRequestMail({
            siteName: deps.site.name,
            firstName: order.firstName,
            childNames: children.map((child) => child.name),
            deliveryDate: formatCalendarDay(order.deliveryDate),
            openUntil: formatCalendarDay(addDays(order.deliveryDate, RATING_LINK_DAYS)),
            rateUrl: new URL(`/rate?token=${token}`, deps.site.url).href,
            accountUrl: accountPageUrl(deps.site, `orders/${order.id}`),
          }),
          { eventKey: `rating-request:${order.id}` },
        );
        return true;
      });
      if (queued) sent += 1;
    }
    if (page.length < PAGE) break;
  }
  if (sent > 0) deps.mailer.flush();
  return sent;
}

/** The ratings email, for the job runner (lib/jobs): `npm run jobs -- --as-of=…` sends what is due then. */
export function ratingRequestsJob(deps: FlowDeps, intervalMs: number): Job<{ sent: number }> {
  return {
    name: 'rating-requests',
    intervalMs,
    async run(asOf) {
      return { sent: await sendRatingRequests(deps, asOf) };
    },
  };
}

type OrderWithDishes = NonNullable<Awaited<ReturnType<typeof orderDishes>>>;

/** Delivered: paid, and its delivery day has come (the account may rate on the day itself). */
const delivered = (order: OrderWithDishes, now: Date) =>
  order.status === 'paid' && order.deliveryDate <= today(now);

async function formOf(db: Database, order: OrderWithDishes, userId: number, now: Date): Promise<RatingForm> {
  const [children, ratings] = await Promise.all([
    families.childNames(db, userId),
    families.orderRatings(db, order.id),
  ]);
  const skuOf = new Map(order.dishes.map((dish) => [dish.productId, dish.sku]));
  return {
    order: { id: order.id, number: order.number, delivery_date: order.deliveryDate },
    children,
    dishes: order.dishes.map((dish) => ({ sku: dish.sku, name: dish.name })),
    ratings: ratings.flatMap((row) => {
      const sku = skuOf.get(row.productId);
      return sku === undefined ? [] : [{ child_id: row.childId, sku, rating: row.rating }];
    }),
    can_rate: delivered(order, now),
  };
}

/** The customer's own order, else a 404 (another customer's order is not theirs to know of). */
async function ownOrder(db: Database, userId: number, orderId: number): Promise<OrderWithDishes> {
  const order = await orderDishes(db, orderId);
  if (!order || order.userId !== userId) throw AppError.notFound(RATING_ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/**
 * Saves the ratings and moves each rated dish's public figure, in the caller's transaction: true
 * when a figure shown on the menus changed.
 */
async function rate(
  tx: Database,
  order: OrderWithDishes,
  userId: number,
  entries: readonly DishRatingEntry[],
): Promise<boolean> {
  const children = await families.childNames(tx, userId);
  const rated = await families.saveRatings(tx, {
    orderId: order.id,
    children,
    dishes: order.dishes,
    entries,
  });
  let changed = false;
  for (const productId of rated) {
    const figure = await families.dishPublicRating(tx, productId);
    if (figure && (await setPublicRating(tx, productId, figure.rating, figure.count))) changed = true;
  }
  return changed;
}

export type RatingDeps = Pick<FlowDeps, 'db'> & { catalogueChanged: () => Promise<void> };

/** The email link's form: 404 for a token we never sent, 409 once used or expired. */
export async function ratingFormByLink(db: Database, token: string, now: Date): Promise<RatingForm> {
  const link = await families.openLinkOrder(db, token, now);
  const order = await ownOrder(db, link.userId, link.orderId);
  return formOf(db, order, link.userId, now);
}

/** Rates through the email link; the submit closes it (a reused link is a 409). */
export async function rateByLink(
  deps: RatingDeps,
  token: string,
  entries: readonly DishRatingEntry[],
  now: Date,
): Promise<RatingForm> {
  const { order, userId, changed } = await deps.db.transaction(async (tx) => {
    const link = await families.closeLink(tx, token, now);
    const order = await ownOrder(tx, link.userId, link.orderId);
    return { order, userId: link.userId, changed: await rate(tx, order, link.userId, entries) };
  });
  if (changed) await deps.catalogueChanged();
  return formOf(deps.db, order, userId, now);
}

/** A signed-in customer's rating form of one of their orders. */
export async function orderRatingForm(
  db: Database,
  userId: number,
  orderId: number,
  now: Date,
): Promise<RatingForm> {
  return formOf(db, await ownOrder(db, userId, orderId), userId, now);
}

/** A signed-in customer rates (or re-rates) a delivered order; 409 before its delivery day. */
export async function rateOrder(
  deps: RatingDeps,
  userId: number,
  orderId: number,
  entries: readonly DishRatingEntry[],
  now: Date,
): Promise<RatingForm> {
  const { order, changed } = await deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, orderId);
    if (!delivered(order, now)) throw new AppError('conflict', RATING_NOT_DELIVERED_MESSAGE);
    return { order, changed: await rate(tx, order, userId, entries) };
  });
  if (changed) await deps.catalogueChanged();
  return formOf(deps.db, order, userId, now);
}
