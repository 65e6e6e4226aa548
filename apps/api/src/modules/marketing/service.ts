import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AbandonedCart,
  type ExperimentAssignment,
  NONPROFITS,
  REMINDER_CART_GONE,
  REMINDER_LINK_INVALID,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import { cartReminderMail } from '../../platform/mail/templates';
import type { Mailer } from '../../plugins/mail';
import { assignmentCode, assignVariant, isRunning } from './assignment';
import * as repository from './repository';

/**
 * Every experiment, running or not: the same for every visitor and changed only by an admin, so
 * the storefront reads it from the catalogue's cache (decision 028), which an admin write to an
 * experiment drops in every replica. Whether one runs is decided at each call, from its dates.
 */
export type ExperimentList = () => Promise<repository.ExperimentRow[]>;

const EXPERIMENTS_CACHE_KEY = 'marketing:experiments';

/** Whether the cart exists: marketing reads carts in its own joins (READ_JOINS), so it asks no module. */
function cartExists(db: Database, cartId: string): Promise<boolean> {
  return repository.cartExists(db, cartId);
}

/** A customer names only their own order, with the answers the order pages give (404, then 403). */
async function assertCustomerOrder(db: Database, userId: number, orderId: number): Promise<void> {
  const ownerId = await repository.findOrderOwner(db, orderId);
  if (ownerId === undefined) throw AppError.notFound('We could not find this order.');
  if (ownerId !== userId) throw new AppError('forbidden', 'You can only see your own orders.');
}

/** The experiments through `cache`: one read per change, not one per page. */
export function cachedExperimentList(db: () => Database, cache: CatalogueCache): ExperimentList {
  return async () =>
    (await cache.get(EXPERIMENTS_CACHE_KEY, async () => ({ value: await repository.listExperiments(db()) })))
      .value;
}

/** The visitor opened checkout with this cart: one event, its id shared with the browser's data layer. */
export async function recordInitializedCheckout(
  db: Database,
  input: { abandoned_cart_id: string; source_url?: string | undefined },
): Promise<string> {
  if (!(await cartExists(db, input.abandoned_cart_id))) throw AppError.notFound('Abandoned cart not found.');
  const eventId = randomUUID();
  await repository.insertMarketingEvent(db, {
    id: eventId,
    name: 'InitializedCheckout',
    cartId: input.abandoned_cart_id,
    payload: { source_url: input.source_url ?? null },
  });
  return eventId;
}

/**
 * A page view of a visitor with a cart: stored for the email service provider (decision 026).
 * The browser's event id is the row's id, so a retried beacon is stored once.
 */
export async function recordViewedPage(
  db: Database,
  input: { url: string; name: string; abandonedCartId: string; parameters: { eventId: string } },
): Promise<string> {
  if (!(await cartExists(db, input.abandonedCartId))) throw AppError.notFound('Abandoned cart not found.');
  const existing = await repository.listMarketingEvents(db, input.abandonedCartId, 'ViewedPage');
  if (existing.some((event) => event.id === input.parameters.eventId)) return input.parameters.eventId;
  await repository.insertMarketingEvent(db, {
    id: input.parameters.eventId,
    name: 'ViewedPage',
    cartId: input.abandonedCartId,
    payload: { url: input.url, name: input.name },
  });
  return input.parameters.eventId;
}

/** The picky-eater popup's two events (opened, its call to action clicked). */
export async function recordPickyEaterEvent(
  db: Database,
  name: 'PickyEaterPopupOpen' | 'PickyEatersPopupCtaClicked',
  input: { abandoned_cart_id?: string | undefined; source_url?: string | undefined },
): Promise<string> {
  const cartId = input.abandoned_cart_id ?? null;
  if (cartId && !(await cartExists(db, cartId))) throw AppError.notFound('Abandoned cart not found.');
  const eventId = randomUUID();
  await repository.insertMarketingEvent(db, {
    id: eventId,
    name,
    cartId,
    payload: { source_url: input.source_url ?? null },
  });
  return eventId;
}

/** A click on a "customers also loved" recommendation: which product, from which cart. */
export async function recordAlsoLovedClick(
  db: Database,
  input: { sku: string; abandoned_cart_id?: string | undefined },
): Promise<string> {
  const cartId = input.abandoned_cart_id ?? null;
  if (cartId && !(await cartExists(db, cartId))) throw AppError.notFound('Abandoned cart not found.');
  const eventId = randomUUID();
  await repository.insertMarketingEvent(db, {
    id: eventId,
    name: 'CustomersAlsoLovedClicked',
    cartId,
    payload: { sku: input.sku },
  });
  return eventId;
}

/**
 * A customer's charity for a share of their order (the nonprofit selection). Before
 * checkout the cart names the shopper; after it (the success page) the cart is forgotten, so the
 * signed-in customer's order is the key, and only its customer may choose for it.
 */
export async function recordNonprofitSelection(
  db: Database,
  input: {
    non_profit_id: number;
    non_profit_name: string;
    abandoned_cart_id?: string | undefined;
    order_id?: number | undefined;
  },
  userId: number | undefined,
) {
  const nonprofit = NONPROFITS.find((candidate) => candidate.id === input.non_profit_id);
  if (!nonprofit) throw AppError.invalidField('non_profit_id', 'Choose one of the listed nonprofits.');
  const orderId = input.order_id ?? null;
  const cartId = input.abandoned_cart_id ?? null;
  if (orderId !== null) {
    if (userId === undefined)
      throw new AppError('unauthenticated', 'Sign in to choose a charity for your order.');
    await assertCustomerOrder(db, userId, orderId);
  } else if (cartId === null || !(await cartExists(db, cartId))) {
    throw AppError.notFound('Abandoned cart not found.');
  }
  const eventId = randomUUID();
  await db.transaction(async (tx) => {
    if (orderId !== null && userId !== undefined)
      await repository.upsertNonprofitSelection(tx, {
        orderId,
        userId,
        nonprofitId: nonprofit.id,
        nonprofitName: nonprofit.name,
      });
    await repository.insertMarketingEvent(tx, {
      id: eventId,
      name: 'NonprofitSelected',
      cartId,
      payload: {
        non_profit_id: nonprofit.id,
        non_profit_name: nonprofit.name,
        order_id: orderId,
        user_id: userId ?? null,
      },
    });
  });
  return {
    selectedNonprofitId: nonprofit.id,
    nonprofitName: nonprofit.name,
    event_id: eventId,
    order_id: orderId,
  };
}

/** Takes the charity off the customer's order; the event keeps the history for the email service. */
export async function removeNonprofitSelection(db: Database, userId: number, orderId: number): Promise<void> {
  await assertCustomerOrder(db, userId, orderId);
  await db.transaction(async (tx) => {
    const removed = await repository.deleteNonprofitSelection(tx, orderId);
    if (!removed) return;
    await repository.insertMarketingEvent(tx, {
      id: randomUUID(),
      name: 'NonprofitSelectionRemoved',
      cartId: null,
      payload: { non_profit_id: removed.nonprofitId, order_id: orderId, user_id: userId },
    });
  });
}

// ─── Experiments ─────────────────────────────────────────────────────────────────────────────

type Unit = { type: repository.UnitType; id: string };

/**
 * The running experiments' variants for one unit: the customer when signed in, else the cart, else
 * the browser. A unit hands its assignments to the next first (browser → cart → customer), so a
 * visitor keeps the variant they saw through capture and sign-up. New assignments are stored, so
 * later weight changes move nobody.
 *
 * A browser alone (no cart, no account) is answered without a write: every anonymous page view
 * would otherwise store rows (a transaction and a commit per view). Its variant is the hash of its
 * id until it matters: its exposure, or the hand-over to its cart, stores it (`storeVisitor`).
 */
export async function experimentsFor(
  db: Database,
  input: { cartId: string | undefined; userId: number | undefined; visitorId?: string | undefined },
  at: Date = new Date(),
  options: { storeVisitor?: boolean; newVisitor?: boolean; experiments?: ExperimentList } = {},
): Promise<ExperimentAssignment[]> {
  const listExperiments = options.experiments ?? (() => repository.listExperiments(db));
  const cartId = input.cartId && (await cartExists(db, input.cartId)) ? input.cartId : undefined;
  const chain: Unit[] = [];
  if (input.visitorId) chain.push({ type: 'visitor', id: input.visitorId });
  if (cartId) chain.push({ type: 'cart', id: cartId });
  if (input.userId !== undefined) chain.push({ type: 'user', id: String(input.userId) });
  const unit = chain[chain.length - 1];
  if (!unit) return [];
  if (unit.type === 'visitor' && !options.storeVisitor) {
    const running = (await listExperiments()).filter((experiment) => isRunning(experiment, at));
    if (running.length === 0) return [];
    // An id minted for this very request has nothing stored yet: one statement saved per first view.
    const stored = options.newVisitor ? new Map<number, string>() : await storedVariants(db, unit);
    return running.map((experiment) =>
      asAssignment(experiment, stored.get(experiment.id) ?? assignVariant(experiment, unit.id)),
    );
  }
  const running = (await listExperiments()).filter((experiment) => isRunning(experiment, at));
  // A customer (or cart) whose every running experiment is stored, with nothing stored under the
  // units before it: the transaction below would store the browser's hashed variants, copy them
  // onto rows that already win, delete them again and read the same rows (six statements and a
  // commit on every signed-in page, leaving the table as it was). One read answers instead.
  const known = await repository.listAssignmentsOfUnits(db, chain);
  const handsOver = known.some((row) => row.unitType !== unit.type || row.unitId !== unit.id);
  const own = new Map(known.map((row) => [row.experimentId, row.variant]));
  if (!handsOver && running.every((experiment) => own.has(experiment.id)))
    return running.map((experiment) => asAssignment(experiment, own.get(experiment.id)!));
  return db.transaction(async (tx) => {
    // The browser's variants were only computed so far: stored now, so its cart or account keeps them.
    const first = chain[0]!;
    if (first.type === 'visitor' && chain.length > 1 && running.length > 0)
      await storeMissing(tx, running, first, await storedVariants(tx, first));
    for (let index = 1; index < chain.length; index++)
      await repository.moveAssignments(tx, chain[index - 1]!, chain[index]!);
    if (running.length === 0) return [];
    const stored = await storedVariants(tx, unit);
    if (await storeMissing(tx, running, unit, stored)) {
      // A concurrent first visit may have stored its own: read back what is stored.
      for (const [experimentId, variant] of await storedVariants(tx, unit)) stored.set(experimentId, variant);
    }
    return running.flatMap((experiment) => {
      const variant = stored.get(experiment.id);
      return variant ? [asAssignment(experiment, variant)] : [];
    });
  });
}

type RunningExperiment = Awaited<ReturnType<typeof repository.listExperiments>>[number];

async function storedVariants(db: Database, unit: Unit): Promise<Map<number, string>> {
  const rows = await repository.listAssignments(db, unit.type, unit.id);
  return new Map(rows.map((row) => [row.experimentId, row.variant]));
}

/** Stores the unit's hashed variant of each running experiment it has none of; true when any was. */
async function storeMissing(
  db: Database,
  running: RunningExperiment[],
  unit: Unit,
  stored: Map<number, string>,
): Promise<boolean> {
  const missing = running
    .filter((experiment) => !stored.has(experiment.id))
    .map((experiment) => ({
      experimentId: experiment.id,
      unitType: unit.type,
      unitId: unit.id,
      variant: assignVariant(experiment, unit.id),
    }));
  await repository.insertAssignments(db, missing);
  return missing.length > 0;
}

function asAssignment(experiment: RunningExperiment, variant: string): ExperimentAssignment {
  return {
    code: assignmentCode(experiment.code, variant),
    experiment_name: experiment.name,
    experiment_code: experiment.code,
    variant,
  };
}

/**
 * The visitor saw what their variant changes: the first time is kept (the analysis' denominator).
 * The assignment is read (or made) the way GET /api/experiments does, so an exposure always lands
 * on the unit that holds it, even when a cart or an account appeared in between.
 */
export async function recordExposure(
  db: Database,
  input: {
    experimentCode: string;
    cartId: string | undefined;
    userId: number | undefined;
    visitorId?: string | undefined;
  },
): Promise<{ variant: string }> {
  const experiment = (await repository.listExperiments(db)).find(
    (candidate) => candidate.code === input.experimentCode,
  );
  if (!experiment) throw AppError.notFound('There is no such experiment.');
  // Stored for a browser too: the exposure marks its row (and fixes its variant from now on).
  const assignments = await experimentsFor(db, input, new Date(), { storeVisitor: true });
  const assignment = assignments.find((entry) => entry.experiment_code === experiment.code);
  if (!assignment) throw AppError.notFound('This visitor is not in the experiment.');
  const cartId = input.cartId && (await cartExists(db, input.cartId)) ? input.cartId : undefined;
  const unit: Unit =
    input.userId !== undefined
      ? { type: 'user', id: String(input.userId) }
      : cartId
        ? { type: 'cart', id: cartId }
        : { type: 'visitor', id: input.visitorId! };
  await repository.markExposed(db, experiment.id, unit.type, unit.id);
  return { variant: assignment.variant };
}

// ─── Abandoned-cart reminders ────────────────────────────────────────────────────────────────

/** Hours of quiet before reminder 1 and reminder 2; two at most, so a cart left alone is not chased (decision 026). */
export const REMINDER_SCHEDULE = [
  { sequence: 1, idleHours: 1 },
  { sequence: 2, idleHours: 24 },
] as const;
const BATCH = 50;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type ReminderDeps = {
  db: Database;
  mailer: Pick<Mailer, 'queue' | 'flush'>;
  site: { name: string; url: string };
  /** The cart's priced contents: the carts module knows them, and app.ts hands its loader over (docs/decisions/048). */
  loadCart: (tx: Database, cartId: string) => Promise<AbandonedCart>;
};

/**
 * Sends what is due at `asOf`: each reminder in its own transaction (claim the cart FOR UPDATE SKIP
 * LOCKED, insert the (cart, sequence) row, queue the mail), so a lost connection loses nothing and
 * a second runner never sends the same reminder.
 */
export async function sendCartReminders(deps: ReminderDeps, asOf: Date | null) {
  const sent = { first: 0, second: 0 };
  for (const step of REMINDER_SCHEDULE) {
    for (let index = 0; index < BATCH; index++) {
      const done = await deps.db.transaction(async (tx) => {
        const cart = await repository.claimCartDueForReminder(tx, asOf, step.sequence, step.idleHours);
        if (!cart) return false;
        const restoreToken = newToken();
        const unsubscribeToken = newToken();
        const inserted = await repository.insertReminder(tx, {
          cartId: cart.id,
          sequence: step.sequence,
          email: cart.email,
          restoreTokenHash: hashToken(restoreToken),
          unsubscribeTokenHash: hashToken(unsubscribeToken),
          sentAt: asOf,
        });
        if (!inserted) return true;
        const contents = await deps.loadCart(tx, cart.id);
        const unsubscribeUrl = new URL(`/email/unsubscribe?token=${unsubscribeToken}`, deps.site.url).href;
        await deps.mailer.queue(
          tx,
          cart.email,
          'cart-reminder',
          cartReminderMail({
            siteName: deps.site.name,
            firstName: contents.first_name,
            sequence: step.sequence,
            items: contents.cart.items.map((item) => ({
              name: item.name,
              quantity: item.quantity,
              total: item.total_cost,
            })),
            // Every cost line (decision 042): the items, the code's discount, shipping and tax add up to the total.
            costs: contents.cart.costs,
            discountDescription:
              contents.cart.discount_description ??
              (contents.cart.promo_code?.description_checkout ||
                contents.cart.promo_code?.description ||
                null),
            restoreUrl: new URL(`/cart/restore?token=${restoreToken}`, deps.site.url).href,
            unsubscribeUrl,
            oneClickUnsubscribeUrl: unsubscribeUrl,
          }),
        );
        if (step.sequence === 1) sent.first += 1;
        else sent.second += 1;
        return true;
      });
      if (!done) break;
    }
  }
  if (sent.first + sent.second > 0) deps.mailer.flush();
  return sent;
}

/** A reminder's "open my box" link: the cart's id for the browser's cookie, while it is still open. */
export async function restoreCartFromReminder(db: Database, token: string): Promise<string> {
  const hash = hashToken(token);
  const reminder = await repository.findReminderByRestoreHash(db, hash);
  if (!reminder) throw AppError.notFound(REMINDER_LINK_INVALID);
  if (reminder.status !== 'open') throw new AppError('cart_locked', REMINDER_CART_GONE);
  await repository.markRestored(db, hash);
  return reminder.cartId;
}

/** The one-click unsubscribe: no more reminders to this address, whichever cart it was on. */
export async function unsubscribeByToken(db: Database, token: string): Promise<string> {
  const reminder = await repository.findReminderByUnsubscribeHash(db, hashToken(token));
  if (!reminder) throw AppError.notFound(REMINDER_LINK_INVALID);
  await repository.insertUnsubscribe(db, reminder.email);
  return reminder.email;
}
