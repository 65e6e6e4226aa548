import { parseReferralSettings, type ReferralSettings } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { preparedQuery, preparedWithParts, type StatementPart, schema } from '@sprout/db';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { TierJson } from '../../domain/discounts';
import { type ProductRow, productColumns } from '../catalog/columns';

const {
  abandonedCartItems,
  abandonedCarts,
  abandonedCartUpsellItems,
  appSettingGroups,
  badges,
  bestsellerGroupItems,
  bestsellerGroups,
  categories,
  creditLedger,
  partnerships,
  plans,
  priceVarianceGroups,
  products,
  promoCodes,
  promoCodeTiers,
  referralCodes,
  states,
  users,
  zipCodes,
} = schema;

/** A checkout add-on line, with what prices it. */
export type UpsellLineJson = {
  product_id: number;
  sku: string;
  name: string;
  quantity: number;
  base_price_cents: number;
  premium_difference_cents: number;
};

/** A box line with only what prices and orders it (checkout's reads: a lean line keeps the hot path's query small, decision 022). */
export type PricingLine = {
  product: { id: number; sku: string; name: string; premiumDifferenceCents: number };
  category: { basePriceCents: number };
  quantity: number;
};

export type CartRow = typeof abandonedCarts.$inferSelect;
export type CartChanges = Partial<Omit<CartRow, 'id' | 'createdAt'>>;

export async function insertCart(db: Database, id: string): Promise<void> {
  await db.insert(abandonedCarts).values({ id });
}

/**
 * Locks the cart row for the rest of the transaction: every change to one cart runs one at a
 * time, so quantities, thresholds and totals are checked against what is really there.
 */
const lockedCartFields = {
  id: abandonedCarts.id,
  status: abandonedCarts.status,
  email: abandonedCarts.email,
  zipCodeId: abandonedCarts.zipCodeId,
  profileId: abandonedCarts.profileId,
  leadCapturedAt: abandonedCarts.leadCapturedAt,
  planId: abandonedCarts.planId,
  threshold: plans.threshold,
  planDiscountBasisPoints: plans.itemDiscountBasisPoints,
  varianceBasisPoints: priceVarianceGroups.adjustmentBasisPoints,
};

export async function lockCart(db: Database, id: string) {
  const [row] = await lockCartQuery(db, { id });
  return row;
}

const lockCartQuery = preparedQuery('carts_lock', (db) =>
  db
    .select(lockedCartFields)
    .from(abandonedCarts)
    .leftJoin(plans, eq(plans.id, abandonedCarts.planId))
    .leftJoin(priceVarianceGroups, eq(priceVarianceGroups.id, abandonedCarts.priceVarianceGroupId))
    .where(eq(abandonedCarts.id, sql.placeholder('id')))
    .for('update', { of: abandonedCarts }),
);

/**
 * A cart's version: its `updated_at`, which every change to the cart or its lines moves in the
 * changing transaction (the item update's CTE, `touchCart`, `updateCart`), as text, because a Date
 * keeps milliseconds and two changes can share one.
 */
const cartVersion = sql<string>`${abandonedCarts.updatedAt}::text`;

/** Checkout's lock: only the row's state and version (an equal version: the cart already priced). */
export async function lockCartVersion(db: Database, id: string) {
  const [row] = await lockCartVersionQuery(db, { id });
  return row;
}

const lockCartVersionQuery = preparedQuery('carts_lock_version', (db) =>
  db
    .select({ status: abandonedCarts.status, version: cartVersion })
    .from(abandonedCarts)
    .where(eq(abandonedCarts.id, sql.placeholder('id')))
    .for('update'),
);

/**
 * The cart item update's lock: the cart row as `lockCart` locks it, and in the same statement the
 * product the visitor names (null when there is none), with its category's price. The product is
 * not cart state (no cart change writes it), so reading it in the locking statement's snapshot is
 * the same as reading it just after.
 */
export async function lockCartWithProduct(db: Database, id: string, sku: string) {
  const [row] = await lockCartWithProductQuery(db, { id, sku });
  if (!row) return undefined;
  const {
    productId,
    sku: productSku,
    name,
    isActive,
    premiumDifferenceCents,
    basePriceCents,
    categoryName,
    currentQuantity,
    ...cart
  } = row;
  const product =
    productId === null
      ? undefined
      : {
          id: productId,
          sku: productSku!,
          name: name!,
          isActive: isActive!,
          premiumDifferenceCents: premiumDifferenceCents!,
          basePriceCents: basePriceCents!,
          categoryName: categoryName!,
          /** In the box before the change, as this statement read it (what an add would add). */
          currentQuantity,
        };
  return { cart, product };
}

// The product's fields are flat: Drizzle does not null a nested object whose fields come from two
// left-joined tables, and the product is absent when no sku matches.
const lockCartWithProductQuery = preparedQuery('carts_lock_with_product', (db) =>
  db
    .select({
      ...lockedCartFields,
      productId: products.id,
      sku: products.sku,
      name: products.name,
      isActive: products.isActive,
      premiumDifferenceCents: products.premiumDifferenceCents,
      basePriceCents: categories.basePriceCents,
      categoryName: categories.name,
      currentQuantity: sql<number>`coalesce((
        select ${abandonedCartItems.quantity} from ${abandonedCartItems}
        where ${abandonedCartItems.cartId} = ${abandonedCarts.id} and ${abandonedCartItems.productId} = ${products.id}), 0)`.mapWith(
        Number,
      ),
    })
    .from(abandonedCarts)
    .leftJoin(plans, eq(plans.id, abandonedCarts.planId))
    .leftJoin(priceVarianceGroups, eq(priceVarianceGroups.id, abandonedCarts.priceVarianceGroupId))
    .leftJoin(products, eq(products.sku, sql.placeholder('sku')))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(abandonedCarts.id, sql.placeholder('id')))
    .for('update', { of: abandonedCarts }),
);

/** Whether the cart exists, and its status, without loading it. */
export async function findCartStatus(db: Database, id: string) {
  const [row] = await db
    .select({ status: abandonedCarts.status })
    .from(abandonedCarts)
    .where(eq(abandonedCarts.id, id));
  return row;
}

export async function updateCart(db: Database, id: string, changes: CartChanges): Promise<void> {
  await db
    .update(abandonedCarts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(abandonedCarts.id, id));
}

/** The cart changed (its lines): `updated_at` is what the abandoned-cart reminders go by. */
export async function touchCart(db: Database, id: string): Promise<void> {
  await touchCartQuery(db, { id });
}

const touchCartQuery = preparedQuery('carts_touch', (db) =>
  db
    .update(abandonedCarts)
    .set({ updatedAt: sql`now()` })
    .where(eq(abandonedCarts.id, sql.placeholder('id'))),
);

export async function deleteCart(db: Database, id: string): Promise<void> {
  await db.delete(abandonedCarts).where(eq(abandonedCarts.id, id));
}

/**
 * The cart with everything that prices it, in one statement: plan, zip code and state, price
 * group, promo code and its tiers, partnership, referrer, the referral discount setting and the
 * account's credit balance; and whether the cart's email already has an account (checkout sends
 * that customer to sign in before the card is touched, without a statement of its own). Never shown
 * to the visitor: who has an account is answered only by the rate-limited email check.
 */
export async function findCartDetails(db: Database, id: string, options: { lock?: boolean } = {}) {
  // Only the cart's row: the plan, zip, promotion … it joins are read, not locked.
  const [row] = await (options.lock ? lockedCartDetailsQuery : cartDetailsQuery)(db, { id });
  return row;
}

/**
 * The cart details' select; `extra` adds fields and `ctes` puts statements before it (the item
 * update writes its line in the same statement).
 */
function cartDetailsSelect<Extra extends Record<string, SQL | SQL.Aliased>>(
  db: Database,
  extra: Extra = {} as Extra,
  ctes: WithSubquery[] = [],
) {
  return db
    .with(...ctes)
    .select({
      ...extra,
      cart: abandonedCarts,
      version: cartVersion,
      plan: plans,
      zip: {
        code: zipCodes.code,
        isDelivered: zipCodes.isDelivered,
        deliveryWeekdays: zipCodes.deliveryWeekdays,
      },
      state: {
        code: states.code,
        taxRateBasisPoints: states.taxRateBasisPoints,
        taxesShipping: states.taxesShipping,
      },
      varianceBasisPoints: priceVarianceGroups.adjustmentBasisPoints,
      promo: promoCodes,
      tiers: sql<TierJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', ${promoCodeTiers.id}, 'type', ${promoCodeTiers.type}, 'amount', ${promoCodeTiers.amount},
          'weekly_ordinal_number', ${promoCodeTiers.weeklyOrdinalNumber},
          'free_shipping', ${promoCodeTiers.freeShipping}, 'free_tax', ${promoCodeTiers.freeTax})
          order by ${promoCodeTiers.weeklyOrdinalNumber})
        from ${promoCodeTiers} where ${promoCodeTiers.promoCodeId} = ${abandonedCarts.promoCodeId}), '[]'::json)`,
      partnership: {
        code: partnerships.code,
        description: partnerships.description,
        maxOrderValueCents: partnerships.maxOrderValueCents,
      },
      referral: { code: referralCodes.code, userId: referralCodes.userId },
      referrer: { firstName: users.firstName, lastName: users.lastName },
      referralSettings: sql<ReferralSettings>`coalesce((
        select ${appSettingGroups.values} from ${appSettingGroups}
        where ${appSettingGroups.group} = 'referral_system_discounts'), '{}'::jsonb)`.mapWith(
        parseReferralSettings,
      ),
      // Pending credit (a referral whose friend's first box is not delivered yet) is not spendable.
      creditsCents: sql<number>`(
        select coalesce(sum(${creditLedger.amountCents}), 0) from ${creditLedger}
        where ${creditLedger.userId} = ${abandonedCarts.profileId}
          and (${creditLedger.availableAt} is null or ${creditLedger.availableAt} <= now()))`.mapWith(Number),
      // `users` is joined as the referrer: the cart's own email is looked up under another name.
      emailHasAccount: sql<boolean>`exists(
        select 1 from ${users} account_of_email
        where lower(account_of_email.email) = lower(${abandonedCarts.email}))`,
      upsellLines: sql<UpsellLineJson[]>`coalesce((
        select json_agg(json_build_object(
          'product_id', ${products.id}, 'sku', ${products.sku}, 'name', ${products.name},
          'quantity', ${abandonedCartUpsellItems.quantity}, 'base_price_cents', ${categories.basePriceCents},
          'premium_difference_cents', ${products.premiumDifferenceCents}) order by ${products.name})
        from ${abandonedCartUpsellItems}
        join ${products} on ${products.id} = ${abandonedCartUpsellItems.productId}
        join ${categories} on ${categories.id} = ${products.categoryId}
        where ${abandonedCartUpsellItems.cartId} = ${abandonedCarts.id}), '[]'::json)`,
    })
    .from(abandonedCarts)
    .leftJoin(plans, eq(plans.id, abandonedCarts.planId))
    .leftJoin(zipCodes, eq(zipCodes.id, abandonedCarts.zipCodeId))
    .leftJoin(states, eq(states.id, abandonedCarts.stateId))
    .leftJoin(priceVarianceGroups, eq(priceVarianceGroups.id, abandonedCarts.priceVarianceGroupId))
    .leftJoin(promoCodes, eq(promoCodes.id, abandonedCarts.promoCodeId))
    .leftJoin(partnerships, eq(partnerships.id, abandonedCarts.partnershipId))
    .leftJoin(referralCodes, eq(referralCodes.id, abandonedCarts.referralCodeId))
    .leftJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(abandonedCarts.id, sql.placeholder('id')));
}

const cartDetailsQuery = preparedQuery('carts_details', (db) => cartDetailsSelect(db));

/** The box lines' order wherever they are read: meals before snacks, then as they were added. */
const boxLineOrder = [desc(categories.sortingWeight), asc(abandonedCartItems.addedAt), asc(products.id)];

/**
 * Checkout's first read, before the card is held: the cart's details and its box lines with only
 * what prices and orders them, in one statement (no lock: the lines are read in the same snapshot
 * as the cart they belong to).
 */
export async function findCartDetailsWithPricingLines(db: Database, id: string) {
  const [row] = await cartDetailsWithPricingLinesQuery(db, { id });
  if (!row) return undefined;
  const { pricingLines, ...details } = row;
  return { details, lines: pricingLines.map(fromPricingLineJson) };
}

type PricingLineJson = {
  id: number;
  sku: string;
  name: string;
  premium_difference_cents: number;
  base_price_cents: number;
  quantity: number;
};

const fromPricingLineJson = (line: PricingLineJson): PricingLine => ({
  product: {
    id: line.id,
    sku: line.sku,
    name: line.name,
    premiumDifferenceCents: line.premium_difference_cents,
  },
  category: { basePriceCents: line.base_price_cents },
  quantity: line.quantity,
});

const cartDetailsWithPricingLinesQuery = preparedQuery('carts_details_pricing_lines', (db) =>
  cartDetailsSelect(db, {
    pricingLines: sql<PricingLineJson[]>`coalesce((
      select json_agg(json_build_object(
        'id', ${products.id}, 'sku', ${products.sku}, 'name', ${products.name},
        'premium_difference_cents', ${products.premiumDifferenceCents},
        'base_price_cents', ${categories.basePriceCents}, 'quantity', ${abandonedCartItems.quantity})
        order by ${sql.join(boxLineOrder, sql`, `)})
      from ${abandonedCartItems}
      join ${products} on ${products.id} = ${abandonedCartItems.productId}
      join ${categories} on ${categories.id} = ${products.categoryId}
      where ${abandonedCartItems.cartId} = ${abandonedCarts.id}), '[]'::json)`,
  }),
);

/** The box lines with only what prices and orders them (checkout, after its lock). */
export async function listPricingLines(db: Database, cartId: string): Promise<PricingLine[]> {
  return pricingLinesQuery(db, { cartId });
}

const pricingLinesQuery = preparedQuery('carts_pricing_lines', (db) =>
  db
    .select({
      product: {
        id: products.id,
        sku: products.sku,
        name: products.name,
        premiumDifferenceCents: products.premiumDifferenceCents,
      },
      category: { basePriceCents: categories.basePriceCents },
      quantity: abandonedCartItems.quantity,
    })
    .from(abandonedCartItems)
    .innerJoin(products, eq(products.id, abandonedCartItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(abandonedCartItems.cartId, sql.placeholder('cartId')))
    .orderBy(...boxLineOrder),
);
const lockedCartDetailsQuery = preparedQuery('carts_details_locked', (db) =>
  cartDetailsSelect(db).for('update', { of: abandonedCarts }),
);

/**
 * The cart item update's write and read, in one statement, under the cart's lock (taken by the
 * statement before): this product's current quantity and the rest of the box, then, only when the
 * new quantity fits the plan's threshold (or does not grow), the line written (upsert, or delete
 * for 0) and the cart touched (`updated_at`, what the reminders go by); and the cart's details as
 * `findCartDetails` reads them. The statement's snapshot is taken after the lock is held, so the
 * quantities are the ones every earlier change committed; the details read nothing the write
 * changes (its CTEs' writes are not visible to the same statement; the lines are read after).
 * `fits` false: nothing written; the caller refuses with the figures.
 */
export async function setItemAndReadDetails(
  db: Database,
  change: { cartId: string; productId: number; quantity: number; threshold: number | null },
) {
  // `id` is the details' placeholder, `cartId` the write's: the same cart.
  const [row] = await setItemAndReadDetailsQuery(db, { ...change, id: change.cartId });
  return row;
}

const setItemAndReadDetailsQuery = preparedQuery('carts_set_item_details', (db) => {
  const cartId = sql`${sql.placeholder('cartId')}::uuid`;
  const productId = sql`${sql.placeholder('productId')}::int`;
  const quantity = sql`${sql.placeholder('quantity')}::int`;
  const threshold = sql`${sql.placeholder('threshold')}::int`;
  const around = db.$with('quantities_around', {}).as(sql`
    select current, others,
      (${threshold} is null or others + ${quantity} <= ${threshold} or ${quantity} <= current) as fits
    from (select
        coalesce(sum(${abandonedCartItems.quantity}) filter (where ${abandonedCartItems.productId} = ${productId}), 0)::int as current,
        coalesce(sum(${abandonedCartItems.quantity}) filter (where ${abandonedCartItems.productId} <> ${productId}), 0)::int as others
      from ${abandonedCartItems} where ${abandonedCartItems.cartId} = ${cartId}) sums`);
  const removed = db.$with('removed_line', {}).as(sql`
    delete from ${abandonedCartItems}
    where ${abandonedCartItems.cartId} = ${cartId} and ${abandonedCartItems.productId} = ${productId}
      and ${quantity} = 0 and (select fits from quantities_around)`);
  const written = db.$with('written_line', {}).as(sql`
    insert into ${abandonedCartItems} (cart_id, product_id, quantity)
    select ${cartId}, ${productId}, ${quantity} from quantities_around where fits and ${quantity} > 0
    on conflict (cart_id, product_id) do update set quantity = excluded.quantity`);
  const touched = db.$with('touched_cart', {}).as(sql`
    update ${abandonedCarts} set updated_at = now()
    where ${abandonedCarts.id} = ${cartId} and (select fits from quantities_around)`);
  return cartDetailsSelect(
    db,
    {
      current: sql<number>`(select current from quantities_around)`.mapWith(Number),
      others: sql<number>`(select others from quantities_around)`.mapWith(Number),
      fits: sql<boolean>`(select fits from quantities_around)`,
    },
    [around, removed, written, touched],
  );
});

export type CartLineRow = ProductRow & { quantity: number };

/** Every line with its full product, in one statement whatever the cart size. */
export async function listCartLines(db: Database, cartId: string): Promise<CartLineRow[]> {
  return cartLinesQuery(db, { cartId });
}

const cartLinesQuery = preparedQuery('carts_lines', (db) =>
  db
    .select({ ...productColumns, quantity: abandonedCartItems.quantity })
    .from(abandonedCartItems)
    .innerJoin(products, eq(products.id, abandonedCartItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(badges, eq(badges.id, products.badgeId))
    .where(eq(abandonedCartItems.cartId, sql.placeholder('cartId')))
    .orderBy(...boxLineOrder),
);

/** This product's current quantity and everything else in the cart, in one statement. */
export async function quantitiesAround(db: Database, cartId: string, productId: number) {
  const [row] = await quantitiesAroundQuery(db, { cartId, productId });
  return { current: row?.current ?? 0, others: row?.others ?? 0 };
}

const quantitiesAroundQuery = preparedQuery('carts_quantities_around', (db) => {
  const productId = sql.placeholder('productId');
  return db
    .select({
      current:
        sql<number>`coalesce(sum(${abandonedCartItems.quantity}) filter (where ${abandonedCartItems.productId} = ${productId}), 0)`.mapWith(
          Number,
        ),
      others:
        sql<number>`coalesce(sum(${abandonedCartItems.quantity}) filter (where ${abandonedCartItems.productId} <> ${productId}), 0)`.mapWith(
          Number,
        ),
    })
    .from(abandonedCartItems)
    .where(eq(abandonedCartItems.cartId, sql.placeholder('cartId')));
});

export async function countItems(db: Database, cartId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${abandonedCartItems.quantity}), 0)`.mapWith(Number) })
    .from(abandonedCartItems)
    .where(eq(abandonedCartItems.cartId, cartId));
  return row?.total ?? 0;
}

export async function setItemQuantity(db: Database, cartId: string, productId: number, quantity: number) {
  if (quantity === 0) await removeItemQuery(db, { cartId, productId });
  else await upsertItemQuery(db, { cartId, productId, quantity });
}

const removeItemQuery = preparedQuery('carts_remove_item', (db) =>
  db
    .delete(abandonedCartItems)
    .where(
      and(
        eq(abandonedCartItems.cartId, sql.placeholder('cartId')),
        eq(abandonedCartItems.productId, sql.placeholder('productId')),
      ),
    ),
);

const upsertItemQuery = preparedQuery('carts_upsert_item', (db) =>
  db
    .insert(abandonedCartItems)
    .values({
      cartId: sql.placeholder('cartId'),
      productId: sql.placeholder('productId'),
      quantity: sql.placeholder('quantity'),
    })
    .onConflictDoUpdate({
      target: [abandonedCartItems.cartId, abandonedCartItems.productId],
      set: { quantity: sql`excluded.quantity` },
    }),
);

/** Adds to existing quantities (one statement for any number of products). */
export async function addItemQuantities(
  db: Database,
  cartId: string,
  additions: { productId: number; quantity: number }[],
) {
  if (additions.length === 0) return;
  await db
    .insert(abandonedCartItems)
    .values(additions.map((addition) => ({ cartId, ...addition })))
    .onConflictDoUpdate({
      target: [abandonedCartItems.cartId, abandonedCartItems.productId],
      set: { quantity: sql`${abandonedCartItems.quantity} + excluded.quantity` },
    });
}

export async function emptyCart(db: Database, cartId: string): Promise<void> {
  await db.delete(abandonedCartItems).where(eq(abandonedCartItems.cartId, cartId));
}

/**
 * The plans by size, with the cheapest composable category's base price that their "boxes from"
 * price starts at: what a full box is offered (read only when a change is refused).
 */
export async function listPlanSizes(db: Database) {
  return db
    .select({
      id: plans.id,
      slug: plans.slug,
      name: plans.name,
      threshold: plans.threshold,
      itemDiscountBasisPoints: plans.itemDiscountBasisPoints,
      cheapestBasePriceCents: sql<number>`(
        select min(${categories.basePriceCents}) from ${categories} where ${eq(categories.isComposable, true)})`.mapWith(
        Number,
      ),
    })
    .from(plans)
    .orderBy(asc(plans.threshold));
}

export async function findPlan(db: Database, planId: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}

export async function listBestsellerGroupItems(db: Database, groupId: number) {
  return db
    .select({
      productId: products.id,
      sku: products.sku,
      quantity: bestsellerGroupItems.quantity,
      groupId: bestsellerGroups.id,
    })
    .from(bestsellerGroups)
    .innerJoin(bestsellerGroupItems, eq(bestsellerGroupItems.groupId, bestsellerGroups.id))
    .innerJoin(products, eq(products.id, bestsellerGroupItems.productId))
    .where(and(eq(bestsellerGroups.id, groupId), eq(products.isActive, true)))
    .orderBy(asc(bestsellerGroupItems.position), asc(products.id));
}

export async function bestsellerGroupExists(db: Database, groupId: number): Promise<boolean> {
  return (await findBestsellerGroupName(db, groupId)) !== null;
}

export async function findBestsellerGroupName(db: Database, groupId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: bestsellerGroups.name })
    .from(bestsellerGroups)
    .where(eq(bestsellerGroups.id, groupId));
  return row?.name ?? null;
}

/** The dishes of the menu among these SKUs (retired ones are left out). */
export async function listActiveProductsBySku(db: Database, skus: string[]) {
  if (skus.length === 0) return [];
  return db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(inArray(products.sku, skus), eq(products.isActive, true)));
}

export async function categoryQuantities(db: Database, cartId: string) {
  return db
    .select({
      categoryId: categories.id,
      categorySlug: categories.slug,
      quantity: sql<number>`sum(${abandonedCartItems.quantity})`.mapWith(Number),
    })
    .from(abandonedCartItems)
    .innerJoin(products, eq(products.id, abandonedCartItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(abandonedCartItems.cartId, cartId))
    .groupBy(categories.id)
    .orderBy(desc(categories.sortingWeight));
}

export async function setUpsellQuantity(db: Database, cartId: string, productId: number, quantity: number) {
  if (quantity <= 0) {
    await db
      .delete(abandonedCartUpsellItems)
      .where(
        and(eq(abandonedCartUpsellItems.cartId, cartId), eq(abandonedCartUpsellItems.productId, productId)),
      );
    return;
  }
  await db
    .insert(abandonedCartUpsellItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({
      target: [abandonedCartUpsellItems.cartId, abandonedCartUpsellItems.productId],
      set: { quantity },
    });
}

/** The cart row under lock, with what checkout needs that pricing does not carry. */
/** `alongWith`: other modules' writes in the same statement (decision 033). */
export async function markCartCheckedOut(
  db: Database,
  cartId: string,
  userId: number,
  alongWith: StatementPart[] = [],
) {
  await cartCheckedOutQuery(db, { cartId, userId }, alongWith);
}

const cartCheckedOutQuery = preparedWithParts('carts_checked_out', (db, parts) =>
  db
    .with(...parts)
    .update(abandonedCarts)
    .set({
      status: 'checked_out',
      profileId: sql.placeholder('userId'),
      updatedAt: sql`now()`,
    } as unknown as Partial<typeof abandonedCarts.$inferInsert>)
    .where(eq(abandonedCarts.id, sql.placeholder('cartId'))),
);

// ─── Admin: the funnel (decision 027) ────────────────────────────────────────────────────────────

/** Of the carts created in [from, to): how many were captured, chose a plan, checked out. */
export async function cartFunnel(db: Database, from: Date, to: Date) {
  const [row] = await db
    .select({
      created: sql<number>`count(*)::int`,
      captured: sql<number>`count(${abandonedCarts.leadCapturedAt})::int`,
      planChosen: sql<number>`count(${abandonedCarts.planId})::int`,
      checkedOut: sql<number>`(count(*) filter (where ${abandonedCarts.status} = 'checked_out'))::int`,
    })
    .from(abandonedCarts)
    .where(
      and(
        sql`${abandonedCarts.createdAt} >= ${from.toISOString()}`,
        sql`${abandonedCarts.createdAt} < ${to.toISOString()}`,
      ),
    );
  return row ?? { created: 0, captured: 0, planChosen: 0, checkedOut: 0 };
}

/** The children told on this cart before checkout (docs/decisions/055), with what says whether it is open. */
export async function findCartChildren(db: Database, id: string) {
  const [row] = await db
    .select({ status: abandonedCarts.status, children: abandonedCarts.children })
    .from(abandonedCarts)
    .where(eq(abandonedCarts.id, id));
  return row;
}
