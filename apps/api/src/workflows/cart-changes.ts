import { randomUUID } from 'node:crypto';
import {
  type AbandonedCart,
  type AddCartItemsBody,
  type CartChildProfile,
  type CartDifference,
  type ChildBody,
  cityNotOfZipMessage,
  EMAIL_IN_USE_MESSAGE,
  isCityOfZip,
  type Pixel,
  type SelectPlanBody,
  stateNotOfZipMessage,
  type UpdateAbandonedCartBody,
  type WaitlistPlace,
  type ZipCode,
} from '@sprout/contracts';
import { type Database, hashPassword } from '@sprout/db';
import { AppError } from '../errors/app-error';
import { definedFields } from '../lib/objects';
import { type EmailCheckClient, isEmailOfAccountForVisitor } from '../modules/accounts/service';
import * as carts from '../modules/carts/service';
import { assertAllKnown, knownFilters } from '../modules/catalog/service';
import * as families from '../modules/families/service';
import { recordMarketingEvent, recordWaitlistLead } from '../modules/marketing/events';
import { lookUpZipCode, stateExists } from '../modules/shipping/service';

/**
 * The visitor's cart changes that answer to other modules (docs/decisions/048): the carts module
 * locks, saves and prices the cart; shipping knows the zip codes and states, accounts whether an
 * email is a customer's, the catalog the menu's filters, and marketing records the events the
 * storefront's pixels name. Each change runs in one transaction under the cart's lock, and prices
 * the cart once.
 */

type LockedCart = Awaited<ReturnType<typeof carts.lockOpenCart>>;

/** Contact, address and preferences: resolves the zip code (and its state) and captures the lead. */
export async function updateAbandonedCart(
  db: Database,
  cartId: string,
  body: UpdateAbandonedCartBody,
  client: EmailCheckClient,
): Promise<{ cart: AbandonedCart; pixels: Pixel[]; waitlist: WaitlistPlace | null }> {
  // The visitor's password is never kept in clear: only its hash, on the cart, for the checkout's
  // completion to create the account with (docs/decisions/047). Hashing is slow on purpose: do it
  // before taking the cart's lock.
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);

  const outcome = await db.transaction(async (tx) => {
    const locked = await carts.lockOpenCart(tx, cartId);
    const changes: carts.CartChanges = {
      firstName: body.first_name,
      lastName: body.last_name,
      addressLine1: body.address_line_1,
      addressLine2: body.address_line_2,
      city: body.city,
      phone: body.phone,
      deliveryInstructions: body.delivery_instructions,
      receivesSmsUpdates: body.receives_sms_updates,
      capturePage: body.page,
      captureLocation: body.location,
      passwordHash,
    };
    const zip = await resolvePlace(tx, body, locked, changes);

    const pixels: Pixel[] = [];
    if (body.email !== undefined) {
      const email = body.email.toLowerCase();
      // Only a new email is a question about accounts; the cart's own email was answered before.
      // Refused, the transaction still commits (the limit's slot counts) but changes nothing.
      if (
        email !== locked.email &&
        (await isEmailOfAccountForVisitor(tx, client, { email, exceptUserId: locked.profileId }))
      ) {
        return { emailInUse: true as const };
      }
      changes.email = email;
      if (locked.leadCapturedAt === null) {
        changes.leadCapturedAt = new Date();
        pixels.push(await captureLead(tx, cartId, body, email));
      }
    }

    await carts.changeCart(tx, cartId, definedFields(changes));
    const cart = await carts.loadAbandonedCart(tx, cartId);
    const waitlist = await waitlistPlace(tx, cartId, cart, locked, changes, zip);
    return { emailInUse: false as const, cart, pixels, waitlist };
  });
  if (outcome.emailInUse) throw AppError.invalidField('email', EMAIL_IN_USE_MESSAGE);
  return { cart: outcome.cart, pixels: outcome.pixels, waitlist: outcome.waitlist };
}

/**
 * The zip code, city and state of the change: the zip code is looked up (by its digits or its id)
 * and brings its state; a city or state that contradicts the zip (the new one, or the cart's) is
 * refused beside its field, since the courier routes by zip.
 */
async function resolvePlace(
  tx: Database,
  body: UpdateAbandonedCartBody,
  locked: LockedCart,
  changes: carts.CartChanges,
): Promise<ZipCode | null> {
  if (body.zip_code !== undefined && !/^\d{5}$/.test(body.zip_code)) {
    throw AppError.invalidField('zip_code_id', 'Please enter a valid 5-digit zip code');
  }
  let zip: ZipCode | null = null;
  if (body.zip_code !== undefined || body.zip_code_id !== undefined) {
    zip = await lookUpZipCode(
      tx,
      body.zip_code !== undefined ? { code: body.zip_code } : { id: body.zip_code_id! },
    );
    if (!zip) throw AppError.invalidField('zip_code_id', 'We could not find this zip code.');
    changes.zipCodeId = zip.id;
    changes.stateId = zip.state.id;
    // A new zip brings its city unless one comes with it (checked below): the checkout's city is
    // then prefilled, and a city left from another zip never contradicts the new one.
    if (body.city === undefined && zip.id !== locked.zipCodeId) changes.city = zip.city;
  } else if (locked.zipCodeId !== null && (body.city !== undefined || body.state_id !== undefined)) {
    zip = await lookUpZipCode(tx, { id: locked.zipCodeId });
  }
  if (zip && body.city !== undefined && body.city.trim() !== '' && !isCityOfZip(body.city, zip.city)) {
    const place = { code: zip.code, city: zip.city, stateCode: zip.state.code };
    throw AppError.invalidField('city', cityNotOfZipMessage(place));
  }
  if (body.state_id !== undefined && zip && body.state_id !== zip.state.id) {
    throw AppError.invalidField(
      'state_id',
      stateNotOfZipMessage({ code: zip.code, stateName: zip.state.name }),
    );
  }
  if (body.state_id !== undefined && changes.stateId === undefined) {
    if (!(await stateExists(tx, body.state_id))) {
      throw AppError.invalidField('state_id', 'Please choose a state.');
    }
    changes.stateId = body.state_id;
  }
  return zip;
}

/** The cart's first email is a lead: marketing records it, and the storefront's pixel names it. */
async function captureLead(
  tx: Database,
  cartId: string,
  body: UpdateAbandonedCartBody,
  email: string,
): Promise<Pixel> {
  const eventId = randomUUID();
  await recordMarketingEvent(tx, {
    id: eventId,
    name: 'Lead',
    cartId,
    payload: { email, page: body.page ?? null, location: body.location ?? null },
  });
  return { name: 'Lead', event_id: eventId };
}

/**
 * A capture (email or zip) for a zip we don't deliver to: the visitor is told where we don't
 * deliver yet, and a new email or zip is kept once as a waitlist lead.
 */
async function waitlistPlace(
  tx: Database,
  cartId: string,
  cart: AbandonedCart,
  locked: LockedCart,
  changes: carts.CartChanges,
  /** The zip code resolvePlace read, if any: not read again when it is the cart's. */
  resolved: ZipCode | null,
): Promise<WaitlistPlace | null> {
  const captured = changes.email !== undefined || changes.zipCodeId !== undefined;
  if (!(captured && cart.email && cart.is_zip_code_delivered === false && cart.zip_code)) return null;
  const zip = resolved?.code === cart.zip_code ? resolved : await lookUpZipCode(tx, { code: cart.zip_code });
  const waitlist = zip ? { zip_code: zip.code, city: zip.city, state_code: zip.state.code } : null;
  const newLead =
    (changes.email !== undefined && changes.email !== locked.email) ||
    (changes.zipCodeId !== undefined && changes.zipCodeId !== locked.zipCodeId);
  if (waitlist && newLead) await recordWaitlistLead(tx, { cartId, email: cart.email, place: waitlist });
  return waitlist;
}

/**
 * Sets one product's absolute quantity (0 removes it): the cart's change, then the AddToCart event
 * when the quantity grows. Four statements between BEGIN and COMMIT whatever the cart's size
 * (docs/decisions/022).
 */
export async function setCartItem(
  db: Database,
  cartId: string,
  input: {
    sku: string;
    quantity: number;
    source_url?: string | undefined;
    details_first?: boolean | undefined;
  },
): Promise<{ cart: AbandonedCart; difference: CartDifference; pixels: Pixel[] }> {
  return db.transaction(async (tx) => {
    const { cart, difference } = await carts.setCartItem(tx, cartId, input);
    const pixels: Pixel[] = [];
    if (difference.quantity > 0) {
      const eventId = randomUUID();
      await recordMarketingEvent(tx, {
        id: eventId,
        name: 'AddToCart',
        cartId,
        payload: { sku: difference.sku, quantity: difference.quantity, source_url: input.source_url ?? null },
      });
      pixels.push({ name: 'AddToCart', event_id: eventId, value: difference.total });
    }
    return { cart, difference, pixels };
  });
}

/** The AddToCart events of dishes added (their pixels are the storefront's to fire). */
async function recordAdditions(
  tx: Database,
  cartId: string,
  added: carts.WaitingLine[],
  sourceUrl: string | undefined,
): Promise<void> {
  for (const line of added) {
    await recordMarketingEvent(tx, {
      id: randomUUID(),
      name: 'AddToCart',
      cartId,
      payload: { sku: line.sku, quantity: line.quantity, source_url: sourceUrl ?? null },
    });
  }
}

/** Adds what waited for the visitor's details or a plan, in one change (docs/decisions/045 and 052). */
export async function addWaitingItems(
  db: Database,
  cartId: string,
  input: AddCartItemsBody,
): Promise<AbandonedCart> {
  return db.transaction(async (tx) => {
    const { cart, added } = await carts.addWaitingItems(tx, cartId, input);
    await recordAdditions(tx, cartId, added, input.source_url);
    return cart;
  });
}

/**
 * Chooses the box size with what waited for it (a bigger plan when it needs one; a smaller box
 * empties the cart first) and records the PlanChanged event, and the AddToCart events of what waited.
 */
export async function selectPlan(
  db: Database,
  cartId: string,
  input: SelectPlanBody,
): Promise<{ cart: AbandonedCart; eventId: string; notices: string[]; upgradedTo: string | null }> {
  return db.transaction(async (tx) => {
    const chosen = await carts.selectPlan(tx, cartId, {
      planId: input.plan_id,
      waiting: input.waiting,
      keepItems: input.keep_items,
    });
    const eventId = randomUUID();
    await recordMarketingEvent(tx, {
      id: eventId,
      name: 'PlanChanged',
      cartId,
      payload: {
        from_plan_id: chosen.fromPlanId,
        plan_id: chosen.planId,
        source_url: input.source_url ?? null,
      },
    });
    await recordAdditions(tx, cartId, chosen.added, input.source_url);
    return { cart: chosen.cart, eventId, notices: chosen.notices, upgradedTo: chosen.upgradedTo };
  });
}

/** Saves the menu's filters on the cart: only indicators and tags the catalog knows. */
export async function saveFilters(
  db: Database,
  cartId: string,
  filters: { indicators: string[]; tags: string[] },
): Promise<AbandonedCart> {
  const wanted = { indicators: [...new Set(filters.indicators)], tags: [...new Set(filters.tags)] };
  return db.transaction(async (tx) => {
    await carts.lockOpenCart(tx, cartId);
    assertAllKnown(wanted, await knownFilters(tx, wanted.indicators, wanted.tags));
    await carts.changeCart(tx, cartId, { filters: wanted });
    return carts.loadAbandonedCart(tx, cartId);
  });
}

/**
 * The children a visitor tells before checkout (docs/decisions/055): checked by the families module as a
 * profile is, kept on the cart under its lock, and made the account's profiles at checkout
 * (checkout-completion.ts).
 */
export async function setCartChildren(
  db: Database,
  cartId: string,
  bodies: ChildBody[],
  today: { year: number; month: number },
): Promise<CartChildProfile[]> {
  const pending = await families.resolvePendingChildren(db, bodies, today);
  await db.transaction(async (tx) => {
    await carts.lockOpenCart(tx, cartId);
    await carts.changeCart(tx, cartId, { children: pending });
  });
  return families.describePendingChildren(db, pending, today);
}

/** The children told on the cart, as profiles read. */
export async function readCartChildren(
  db: Database,
  cartId: string,
  today: { year: number; month: number },
): Promise<CartChildProfile[]> {
  return families.describePendingChildren(db, await carts.readCartChildren(db, cartId), today);
}
