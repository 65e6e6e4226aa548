import { randomBytes } from 'node:crypto';
import {
  type AbandonedCart,
  type BoxFullRefusal,
  boxEmptiedNotice,
  boxMayHold,
  CART_LOCKED_CODE,
  type CartDifference,
  type CartItemRefusal,
  centsToDollars,
  emptyBoxQuestion,
  notInBoxMessage,
  type PlanChoiceRefusal,
  pendingUpgradeNotice,
  planChangeEmptiesBox,
  type WaitingItems,
} from '@sprout/contracts';
import type { Database, StatementPart, schema } from '@sprout/db';
import { computeCosts } from '../../domain/costs';
import { boxDiscount, NO_DISCOUNT, tierFromJson } from '../../domain/discounts';
import { categoryPriceCents, itemPriceCents, type PricingContext } from '../../domain/item-prices';
import { promoIneligibility } from '../../domain/promo-eligibility';
import { refereeDiscountCents } from '../../domain/referee-discount';
import { AppError } from '../../errors/app-error';
import * as repository from './repository';
import { additionsWithin, biggerPlanForWaiting } from './waiting';
import { toAbandonedCart } from './wire';

/** 128 random bits from the CSPRNG, written in the familiar 8-4-4-4-12 form. */
export function newAbandonedCartId(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const notFound = () => AppError.notFound('Abandoned cart not found.');

type LockedCart = NonNullable<Awaited<ReturnType<typeof repository.lockCart>>>;

/** Locks the cart and refuses changes to one that is gone, checked out or owned by an account. */
export async function lockOpenCart(db: Database, cartId: string): Promise<LockedCart> {
  return assertChangeable(await repository.lockCart(db, cartId));
}

function assertChangeable(cart: LockedCart | undefined): LockedCart {
  if (!cart) throw notFound();
  if (cart.status === 'checked_out') {
    throw new AppError('cart_locked', 'This cart has already been checked out.', { code: CART_LOCKED_CODE });
  }
  // Once a cart belongs to an account only that customer's session may change it: its id alone, known
  // to whoever had the visitor's cookie, no longer opens it.
  if (cart.profileId !== null) throw new AppError('forbidden', 'This cart belongs to a customer account.');
  return cart;
}

/** An add-on's price: its list price, outside the plan's per-item discount. */
function upsellUnitPriceCents(line: repository.UpsellLineJson, pricing: PricingContext): number {
  return itemPriceCents(
    { basePriceCents: line.base_price_cents, premiumDifferenceCents: line.premium_difference_cents },
    pricing,
  ).regularPrice;
}

/**
 * Everything that prices a cart, in cents, from database prices only: the storefront's view and
 * checkout's re-pricing both come from here, so what is shown is what is charged. Two statements
 * whatever the number of lines.
 */
export async function priceCart(
  db: Database,
  cartId: string,
  /** Gift cards checkout pays with (their total balance): they come after every other discount. */
  extras: { giftCardsAvailableCents?: number } = {},
) {
  const [details, lines] = await Promise.all([
    repository.findCartDetails(db, cartId),
    repository.listCartLines(db, cartId),
  ]);
  if (!details) throw notFound();
  return priceLoadedCart(details, lines, extras);
}

/**
 * Checkout's pricing: `priceCart` with box lines that carry only what prices and orders them. Before
 * the card, one statement (the lines ride with the cart's details); under checkout's lock, the
 * lines are read after the statement that takes it, so the price is the one the order keeps.
 */
export async function priceCartForCheckout(
  db: Database,
  cartId: string,
  extras: {
    giftCardsAvailableCents?: number;
    /** Checkout's transaction: the cart's row is locked by the statement that reads its details. */
    lockForCheckout?: boolean;
  } = {},
) {
  if (extras.lockForCheckout) {
    const details = await repository.findCartDetails(db, cartId, { lock: true });
    if (!details) throw notFound();
    return priceLoadedCart(details, await repository.listPricingLines(db, cartId), extras);
  }
  const found = await repository.findCartDetailsWithPricingLines(db, cartId);
  if (!found) throw notFound();
  return priceLoadedCart(found.details, found.lines, extras);
}

export type CheckoutPricedCart = Awaited<ReturnType<typeof priceCartForCheckout>>;

type CartDetails = NonNullable<Awaited<ReturnType<typeof repository.findCartDetails>>>;

/** `priceCart`'s arithmetic on a cart already read (the item update reads it with its write). */
function priceLoadedCart<Line extends repository.PricingLine>(
  details: CartDetails,
  lines: Line[],
  extras: { giftCardsAvailableCents?: number },
) {
  const { cart, plan, zip, state } = details;
  const pricing: PricingContext = {
    planDiscountBasisPoints: plan?.itemDiscountBasisPoints ?? 0,
    varianceBasisPoints: details.varianceBasisPoints ?? 0,
  };

  const boxLines = lines.map((line) => {
    const prices = itemPriceCents(
      {
        basePriceCents: line.category.basePriceCents,
        premiumDifferenceCents: line.product.premiumDifferenceCents,
      },
      pricing,
    );
    return {
      line,
      cost: {
        unitPriceCents: prices.price,
        regularUnitPriceCents: prices.regularPrice,
        quantity: line.quantity,
      },
    };
  });
  const upsellLines = details.upsellLines.map((line) => {
    const unitPriceCents = upsellUnitPriceCents(line, pricing);
    return { line, cost: { unitPriceCents, regularUnitPriceCents: unitPriceCents, quantity: line.quantity } };
  });
  const boxCostLines = boxLines.map(({ cost }) => cost);
  const boxItemsCents = boxCostLines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

  // A code stays on the cart while it is outside its rules (say, below its minimum); it only takes
  // money off while the cart qualifies. Use limits are checked again when checkout registers it.
  // Promotions discount the box; add-ons are extras at list price.
  const promoReason = details.promo
    ? promoIneligibility(details.promo, {
        now: new Date(),
        itemsCents: boxItemsCents,
        usedByEmail: false,
        existingCustomer: false,
      })
    : null;
  const promoApplies = details.promo !== null && promoReason === null;
  const promoEffect = promoApplies ? boxDiscount(details.tiers.map(tierFromJson), boxCostLines) : NO_DISCOUNT;
  const referralCreditsCents =
    cart.referralCodeStatus === 'applied'
      ? refereeDiscountCents(details.referralSettings.referee_discount, boxItemsCents)
      : 0;

  const costs = computeCosts({
    lines: [...boxCostLines, ...upsellLines.map(({ cost }) => cost)],
    shippingCents: plan?.shippingCostCents ?? 0,
    taxRateBasisPoints: state?.taxRateBasisPoints ?? 0,
    taxesShipping: state?.taxesShipping ?? false,
    promoDiscountCents: promoEffect.discountCents,
    freeShipping: promoEffect.freeShipping,
    freeTax: promoEffect.freeTax,
    orderValueDiscountCents: details.partnership?.maxOrderValueCents ?? 0,
    referralCreditsCents,
    accountCreditsCents: details.creditsCents,
    giftCardsAvailableCents: extras.giftCardsAvailableCents ?? 0,
  });
  const itemCount = boxLines.reduce((sum, { line }) => sum + line.quantity, 0);
  const readyToCheckout = plan !== null && itemCount === plan.threshold;
  const contactComplete = Boolean(
    cart.email &&
      cart.firstName &&
      cart.lastName &&
      cart.addressLine1 &&
      cart.city &&
      cart.phone &&
      zip?.isDelivered,
  );
  return {
    details,
    pricing,
    boxLines,
    upsellLines,
    costs,
    promoReason,
    promoApplies,
    itemCount,
    readyToCheckout,
    readyToCompleteCheckout: readyToCheckout && contactComplete,
  };
}

export type PricedCart = ReturnType<typeof priceLoadedCart<repository.CartLineRow>>;

/** The cart as the storefront sees it: two statements whatever the number of lines. */
export async function loadAbandonedCart(db: Database, cartId: string): Promise<AbandonedCart> {
  return toAbandonedCart(await priceCart(db, cartId));
}

/**
 * The cart as its visitor reads it by id. Once checked out it is an order, which only its signed-in
 * owner reads (the account's orders): the id alone then reveals nothing of the buyer.
 */
export async function readAbandonedCart(db: Database, cartId: string): Promise<AbandonedCart> {
  const priced = await priceCart(db, cartId);
  if (priced.details.cart.status === 'checked_out') {
    throw new AppError('cart_locked', 'This cart has already been checked out.');
  }
  return toAbandonedCart(priced);
}

export async function createAbandonedCart(db: Database): Promise<AbandonedCart> {
  const id = newAbandonedCartId();
  await repository.insertCart(db, id);
  return loadAbandonedCart(db, id);
}

export async function deleteAbandonedCart(db: Database, cartId: string): Promise<AbandonedCart> {
  return db.transaction(async (tx) => {
    await lockOpenCart(tx, cartId);
    const before = await loadAbandonedCart(tx, cartId);
    await repository.deleteCart(tx, cartId);
    return before;
  });
}

/**
 * Sets one product's absolute quantity (0 removes it), never past the plan's threshold, in the
 * caller's transaction. Three statements whatever the cart's size (docs/decisions/022): the lock
 * with the product, the write with the cart's details, the lines; the caller records the AddToCart
 * event of a grown quantity (`difference.quantity` > 0) beside them.
 */
export async function setCartItem(
  tx: Database,
  cartId: string,
  input: { sku: string; quantity: number; details_first?: boolean | undefined },
): Promise<{ cart: AbandonedCart; difference: CartDifference }> {
  const lockedWithProduct = await repository.lockCartWithProduct(tx, cartId, input.sku);
  const locked = assertChangeable(lockedWithProduct?.cart);
  const product = lockedWithProduct?.product;
  // The storefront asks for an email and zip before the first dish (decision 052).
  const adding = input.quantity - (product?.currentQuantity ?? 0);
  if (input.details_first && adding > 0 && !hasDetails(locked)) throw detailsRequired(adding);
  // The one rule of what a box may hold (decision 039), the box editor's and the renewal's too.
  if (!product || !boxMayHold({ active: product.isActive }, input.quantity)) {
    throw AppError.notFound(notInBoxMessage(input.sku));
  }
  if (input.quantity > 0 && locked.threshold === null) {
    throw refusal('plan_id', { code: 'plan_required', message: 'Choose a plan first.', adding });
  }
  // Writes only when the quantity fits (the same rule as below); refused, nothing was written.
  const written = await repository.setItemAndReadDetails(tx, {
    cartId,
    productId: product.id,
    quantity: input.quantity,
    threshold: locked.threshold,
  });
  if (!written) throw notFound();
  const { current, others, fits, ...details } = written;
  if (!fits && locked.threshold !== null) {
    throw await boxFull(tx, {
      threshold: locked.threshold,
      others,
      current,
      quantity: input.quantity,
      locked,
    });
  }

  const delta = input.quantity - current;
  const unitPriceCents = itemPriceCents(
    { basePriceCents: product.basePriceCents, premiumDifferenceCents: product.premiumDifferenceCents },
    {
      planDiscountBasisPoints: locked.planDiscountBasisPoints ?? 0,
      varianceBasisPoints: locked.varianceBasisPoints ?? 0,
    },
  ).price;
  const price = centsToDollars(unitPriceCents);
  const changeTotal = centsToDollars(unitPriceCents * delta);
  const lines = await repository.listCartLines(tx, cartId);
  return {
    cart: toAbandonedCart(priceLoadedCart(details, lines, {})),
    difference: {
      sku: product.sku,
      name: product.name,
      quantity: delta,
      quantity_absolute: input.quantity,
      price,
      total: changeTotal,
      category_name: product.categoryName,
    },
  };
}

/** A 422 on `field` carrying its typed reason (decision 052): the storefront shows it, never re-decides it. */
function refusal(field: string, reason: CartItemRefusal | PlanChoiceRefusal): AppError {
  return new AppError('validation', reason.message, {
    fieldErrors: { [field]: [reason.message] },
    refusal: reason,
  });
}

/**
 * The box cannot hold the change: the refusal names the smallest plan that holds it all, priced as
 * the plans list prices its boxes for this cart (one more statement, only when refused).
 */
async function boxFull(
  tx: Database,
  change: {
    threshold: number;
    others: number;
    current: number;
    quantity: number;
    locked: Pick<LockedCart, 'varianceBasisPoints'>;
  },
): Promise<AppError> {
  const { threshold, others, current, quantity } = change;
  const needed = others + quantity;
  const sizes = await repository.listPlanSizes(tx);
  const fitting = sizes.find((plan) => plan.threshold >= needed);
  // How many more items fit: the product's own items are already in the box.
  const room = Math.max(0, threshold - others - current);
  const fieldMessage =
    room === 0
      ? `Your box is full: it holds ${threshold} items. Upgrade your plan to add more.`
      : `Only ${room} more fit in your ${threshold}-item box. Upgrade your plan to add more.`;
  const largest = sizes.at(-1)?.threshold ?? threshold;
  const plan = fitting
    ? {
        id: fitting.id,
        slug: fitting.slug,
        name: fitting.name,
        threshold: fitting.threshold,
        box_price_from: centsToDollars(
          categoryPriceCents(fitting.cheapestBasePriceCents, {
            planDiscountBasisPoints: fitting.itemDiscountBasisPoints,
            varianceBasisPoints: change.locked.varianceBasisPoints ?? 0,
          }) * fitting.threshold,
        ),
      }
    : null;
  return new AppError('validation', fieldMessage, {
    fieldErrors: { quantity: [fieldMessage] },
    refusal: {
      code: 'box_full',
      message: plan ? fieldMessage : `Your box is full: it holds at most ${largest} items.`,
      needed,
      adding: quantity - current,
      plan,
    } satisfies BoxFullRefusal,
  });
}

/** The storefront asks for an email and zip code before the first dish (decision 052). */
function hasDetails(locked: LockedCart): boolean {
  return Boolean(locked.email) && locked.zipCodeId !== null;
}

function detailsRequired(adding: number): AppError {
  return refusal('email', {
    code: 'details_required',
    message: 'Tell us your email and zip code first.',
    adding,
  });
}

/** A line of what waits: one of the menu's dishes and how many. */
export type WaitingLine = { productId: number; sku: string; quantity: number };

/**
 * What waits, as the menu's dishes in their order, and what to call it in a notice: SKUs the menu
 * does not have (unknown, retired) are left out; a ready-made box that does not exist is a 404.
 */
async function resolveWaiting(
  tx: Database,
  waiting: WaitingItems,
): Promise<{ name: string; lines: WaitingLine[] }> {
  if ('bestseller_group_id' in waiting) {
    const [name, items] = await Promise.all([
      repository.findBestsellerGroupName(tx, waiting.bestseller_group_id),
      repository.listBestsellerGroupItems(tx, waiting.bestseller_group_id),
    ]);
    if (name === null) throw AppError.notFound('This ready-made box is no longer available.');
    return { name, lines: items.map(({ productId, sku, quantity }) => ({ productId, sku, quantity })) };
  }
  const found = await repository.listActiveProductsBySku(
    tx,
    waiting.items.map((item) => item.sku),
  );
  const lines = waiting.items.flatMap((item) => {
    const product = found.find((candidate) => candidate.sku === item.sku);
    return product ? [{ productId: product.id, sku: product.sku, quantity: item.quantity }] : [];
  });
  return { name: 'the items you chose', lines };
}

const totalOf = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * Adds what waited (dishes or a ready-made box) in the caller's transaction: the cart's plan must
 * hold it all, or the change is refused with the plan that would (`box_full`); `asFarAsFits` adds
 * what fits instead. Answers the lines added, for the caller's AddToCart events.
 */
export async function addWaitingItems(
  tx: Database,
  cartId: string,
  input: { waiting: WaitingItems; details_first?: boolean | undefined; as_far_as_fits?: boolean | undefined },
): Promise<{ cart: AbandonedCart; added: WaitingLine[] }> {
  const locked = await lockOpenCart(tx, cartId);
  const waiting = await resolveWaiting(tx, input.waiting);
  const adding = totalOf(waiting.lines);
  if (input.details_first && adding > 0 && !hasDetails(locked)) throw detailsRequired(adding);
  if (locked.threshold === null) {
    throw refusal('plan_id', { code: 'plan_required', message: 'Choose a plan first.', adding });
  }
  const inBox = await repository.countItems(tx, cartId);
  const room = locked.threshold - inBox;
  if (adding > room && !input.as_far_as_fits) {
    throw await boxFull(tx, {
      threshold: locked.threshold,
      others: inBox,
      current: 0,
      quantity: adding,
      locked,
    });
  }
  const added = additionsWithin(waiting.lines, room);
  await repository.addItemQuantities(tx, cartId, added);
  await repository.touchCart(tx, cartId);
  return { cart: await loadAbandonedCart(tx, cartId), added };
}

/**
 * Chooses the box size, in the caller's transaction, with what waited for it (docs/decisions/045):
 * the waiting items land on the first plan that holds the box and them all, and are added. A plan
 * too small for the box empties it first, unless `keepItems` (then refused: the storefront asks).
 * Answers the plan the cart had, for the caller's PlanChanged event, and what to tell the visitor.
 */
export async function selectPlan(
  tx: Database,
  cartId: string,
  input: { planId: number; waiting?: WaitingItems | undefined; keepItems?: boolean | undefined },
): Promise<{
  cart: AbandonedCart;
  fromPlanId: number | null;
  planId: number;
  notices: string[];
  upgradedTo: string | null;
  added: WaitingLine[];
}> {
  const locked = await lockOpenCart(tx, cartId);
  const asked = await repository.findPlan(tx, input.planId);
  if (!asked) throw AppError.invalidField('plan_id', 'The selected plan does not exist.');
  const [inBox, waiting] = await Promise.all([
    repository.countItems(tx, cartId),
    input.waiting ? resolveWaiting(tx, input.waiting) : null,
  ]);
  const adding = waiting ? totalOf(waiting.lines) : 0;
  if (adding > 0 && !hasDetails(locked)) throw detailsRequired(adding);
  const bigger =
    adding > 0 && inBox + adding > asked.threshold
      ? biggerPlanForWaiting(await repository.listPlanSizes(tx), asked, inBox, adding)
      : null;
  const plan = bigger ?? asked;
  const emptied = inBox > 0 && planChangeEmptiesBox(inBox, plan.threshold);
  if (emptied && input.keepItems) {
    throw refusal('plan_id', {
      code: 'empties_box',
      message: emptyBoxQuestion(inBox, plan.threshold),
      plan_id: plan.id,
      item_count: inBox,
      threshold: plan.threshold,
    });
  }
  if (emptied) await repository.emptyCart(tx, cartId);
  await repository.updateCart(tx, cartId, { planId: plan.id });
  const added = waiting ? additionsWithin(waiting.lines, plan.threshold - (emptied ? 0 : inBox)) : [];
  await repository.addItemQuantities(tx, cartId, added);
  const upgraded = plan.id !== asked.id && waiting !== null;
  const notices = [
    ...(emptied ? [boxEmptiedNotice(plan.threshold)] : []),
    ...(upgraded ? [pendingUpgradeNotice(waiting.name, inBox + adding, plan.threshold)] : []),
  ];
  return {
    cart: await loadAbandonedCart(tx, cartId),
    fromPlanId: locked.planId,
    planId: plan.id,
    notices,
    upgradedTo: upgraded ? plan.slug : null,
    added,
  };
}

/** Adds a bestseller preset, item by item in its order, until the box is full. */
export async function fillWithBestsellers(
  db: Database,
  cartId: string,
  groupId: number,
): Promise<AbandonedCart> {
  return db.transaction(async (tx) => {
    const locked = await lockOpenCart(tx, cartId);
    if (locked.threshold === null) throw AppError.invalidField('plan_id', 'Choose a plan first.');
    const [items, itemCount] = await Promise.all([
      repository.listBestsellerGroupItems(tx, groupId),
      repository.countItems(tx, cartId),
    ]);
    if (items.length === 0 && !(await repository.bestsellerGroupExists(tx, groupId))) {
      throw AppError.notFound('This bestseller group does not exist.');
    }
    let room = locked.threshold - itemCount;
    const additions: { productId: number; quantity: number }[] = [];
    for (const item of items) {
      if (room <= 0) break;
      const quantity = Math.min(item.quantity, room);
      additions.push({ productId: item.productId, quantity });
      room -= quantity;
    }
    await repository.addItemQuantities(tx, cartId, additions);
    await repository.touchCart(tx, cartId);
    return loadAbandonedCart(tx, cartId);
  });
}

export async function listCategoryQuantities(db: Database, cartId: string | undefined) {
  if (!cartId) return [];
  const rows = await repository.categoryQuantities(db, cartId);
  return rows.map((row) => ({
    category_id: row.categoryId,
    category_slug: row.categorySlug,
    quantity: row.quantity,
  }));
}

// ─── For other modules, inside their transaction ────────────────────────────────────────────

export async function cartExists(db: Database, cartId: string): Promise<boolean> {
  return (await repository.findCartStatus(db, cartId)) !== undefined;
}

/** What a change may set on a cart (its own columns). */
export type CartChanges = repository.CartChanges;

/**
 * Saves what was decided above the cart (contact details checked against accounts and shipping, a
 * promotion, a referral, the menu's filters) on a cart the caller has locked.
 */
export function changeCart(tx: Database, cartId: string, changes: repository.CartChanges): Promise<void> {
  return repository.updateCart(tx, cartId, changes);
}

/** A checkout add-on's quantity (checkout decides what is offered and how many); the cart is touched. */
export async function setUpsellQuantity(tx: Database, cartId: string, productId: number, quantity: number) {
  await repository.setUpsellQuantity(tx, cartId, productId, quantity);
  await repository.touchCart(tx, cartId);
}

/**
 * Checkout's lock on a cart it priced before holding the card: true while the cart (its row and
 * lines) is still the very one priced, so that price stands; false when it changed meanwhile or is
 * gone, and the caller prices it again under this lock.
 */
export async function lockCartUnchanged(
  tx: Database,
  cartId: string,
  priced: { details: Pick<CartDetails, 'cart' | 'version'> },
): Promise<boolean> {
  const row = await repository.lockCartVersion(tx, cartId);
  return (
    row !== undefined && row.status === priced.details.cart.status && row.version === priced.details.version
  );
}

/**
 * The order's account now owns the cart, which stays checked out (checkout's transaction);
 * `alongWith`: other modules' writes that ride in the same statement (decision 033).
 */
export function markCartCheckedOut(
  tx: Database,
  cartId: string,
  userId: number,
  alongWith: StatementPart[] = [],
): Promise<void> {
  return repository.markCartCheckedOut(tx, cartId, userId, alongWith);
}

/** The admin dashboard's funnel: carts created in [from, to), then captured, plan chosen, checked out. */
export function cartFunnel(db: Database, from: Date, to: Date) {
  return repository.cartFunnel(db, from, to);
}

/**
 * The children told on the cart before checkout (docs/decisions/055), as its visitor reads them by id; once
 * checked out they are the account's profiles, which only its owner reads.
 */
export async function readCartChildren(db: Database, cartId: string): Promise<schema.CartChild[]> {
  const row = await repository.findCartChildren(db, cartId);
  if (!row) throw notFound();
  if (row.status === 'checked_out') {
    throw new AppError('cart_locked', 'This cart has already been checked out.', { code: CART_LOCKED_CODE });
  }
  return row.children;
}
