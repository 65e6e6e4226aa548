import {
  CANCELLATION_PROCESSING_PATH,
  type CancellationBody,
  type CancellationStarted,
  type LifecycleOutcome,
  MAX_PAUSE_WEEKS,
  OFFER_ACCEPTED_PROCESSING_PATH,
  PAUSE_SKIPS_NOTHING_MESSAGE,
  PAUSING_PROCESSING_PATH,
  type PauseBody,
  type PausePreview,
  type PaymentPause,
  REACTIVATION_DATE_TAKEN_MESSAGE,
  RESUME_NOT_FOR_PAYMENT_MESSAGE,
  type ReactivationBody,
  type ResumeOutcome,
  type RetentionOffer,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import {
  addDays,
  calendarDay,
  DELIVERY_DATE_CHOICES,
  DELIVERY_TIME_ZONE,
  deliveryDateChoices,
  isDeliveryDateChoice,
  isoWeekday,
} from '../domain/delivery-dates';
import { AppError } from '../errors/app-error';
import type { Job } from '../lib/jobs';
import { accountPageUrl, type Site } from '../lib/site';
import { getAddress } from '../modules/accounts/service';
import { consumeVisitGrant, grantOneVisit, reopenRenewalOrder } from '../modules/checkout/service';
import { findPlan, listPlans } from '../modules/plans/service';
import { listAppSettings } from '../modules/promotions/service';
import { lookUpZipCode } from '../modules/shipping/service';
import * as subscriptions from '../modules/subscriptions/service';
import {
  cancellationEffect,
  chooseRetentionOffer,
  deliveryCutoff,
  ensureUpcomingDeliveries,
  firstBoxAfterPause,
  givenUpBoxPayableUntil,
  type LifecycleAction,
  pauseEffect,
  pauseResumeDate,
  type RetentionSettings,
  transitionRefusal,
  trimToThreshold,
} from '../modules/subscriptions/service';
import { toSubscription } from '../modules/subscriptions/wire';
import { recordAdminAction } from '../platform/audit/service';
import {
  offerAcceptedMail,
  pauseConfirmedMail,
  type RenderedMail,
  resumeSoonMail,
  subscriptionCanceledMail,
  subscriptionReactivatedMail,
} from '../platform/mail/templates';
import type { FlowDeps } from './deps';
import { changeSubscription } from './plan-change';
import { chargeDueBoxes } from './renewals';

/**
 * Pause, cancel with one retention offer, and reactivate (docs/decisions/023). Each transition locks the
 * subscription's row, checks the state it starts from (409 otherwise), changes the boxes, queues
 * its email and grants its outcome page's one visit, all in one transaction. A double submit
 * waits for the first one's lock and then finds the work done: it answers the same outcome and
 * sends nothing twice.
 */

/** The one dependency set (app.deps); `now` when a test fixes the clock. */
export type LifecycleDeps = FlowDeps & { now?: () => Date };

/**
 * The addresses the lifecycle's mails and answers carry: the account site, absolute (a resume
 * answers it as its redirect), and the storefront's /reactivate (the canceled email's link).
 */
function lifecycleLinks(site: Site) {
  return {
    accountUrl: accountPageUrl(site),
    reactivateUrl: new URL('/reactivate', site.url).href,
  };
}

/** A repeat within this long of the same transition is a double submit, answered like the first. */
const DOUBLE_SUBMIT_MS = 10 * 60_000;

const today = (now: Date) => calendarDay(now, DELIVERY_TIME_ZONE);

type Locked = NonNullable<Awaited<ReturnType<typeof subscriptions.lockLatestSubscription>>>;

async function lockFor(tx: Database, userId: number): Promise<Locked> {
  const locked = await subscriptions.lockLatestSubscription(tx, userId);
  if (!locked) {
    throw new AppError('conflict', 'You have no subscription yet. Choose a plan on the menus to start one.');
  }
  return locked;
}

function refuse(locked: Locked, action: LifecycleAction): void {
  const refusal = transitionRefusal(locked.subscription.status, action);
  if (refusal) throw new AppError('conflict', refusal);
}

function outcome(
  locked: Locked,
  changes: Partial<Locked['subscription']>,
  redirect: string,
  lockedDates: string[],
  firstBoxAfter: string | null = null,
): LifecycleOutcome {
  return {
    subscription: toSubscription({ ...locked.subscription, ...changes }, locked.plan),
    redirect,
    locked_delivery_dates: lockedDates,
    first_box_after_pause: firstBoxAfter,
  };
}

const scheduleOf = (subscription: Locked['subscription']) => ({
  frequencyWeeks: subscription.frequencyWeeks,
  weekday: subscription.deliveryWeekday,
});

/**
 * A paused subscription's first box after its pause (null when it is not paused): the day the
 * account and the pause's pages say the boxes start again, never the resume day when no box comes.
 */
export async function findFirstBoxAfterPause(db: Database, userId: number, now: Date = new Date()) {
  const latest = await subscriptions.findLatestSubscription(db, userId);
  const subscription = latest?.subscription;
  if (subscription?.status !== 'paused' || !subscription.resumeOn) return null;
  const boxes = await subscriptions.listBoxStates(db, subscription.id, today(now));
  return firstBoxAfterPause(boxes, subscription.resumeOn, scheduleOf(subscription));
}

/** What a pause of each length (1 to MAX_PAUSE_WEEKS weeks) would skip, before the customer confirms. */
export async function previewPauses(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<PausePreview[]> {
  const latest = await subscriptions.findLatestSubscription(db, userId);
  if (latest?.subscription.status !== 'active') {
    throw new AppError(
      'conflict',
      transitionRefusal(latest?.subscription.status ?? 'canceled', 'pause') ??
        'You have no subscription to pause.',
    );
  }
  const day = today(now);
  const boxes = await subscriptions.listBoxStates(db, latest.subscription.id, day);
  const previews = Array.from({ length: MAX_PAUSE_WEEKS }, (_, index) => {
    const weeks = index + 1;
    const resumeOn = addDays(day, weeks * 7);
    const { skip, stillShipping } = pauseEffect(boxes, resumeOn);
    const afterPause = boxes.map((box) => (skip.includes(box.date) ? { ...box, status: 'skipped' } : box));
    return {
      weeks,
      resume_on: resumeOn,
      skipped_dates: skip,
      still_shipping_dates: stillShipping,
      first_box_after_pause: firstBoxAfterPause(afterPause, resumeOn, scheduleOf(latest.subscription)),
    };
  });
  // Only the lengths that skip a box are choices (docs/decisions/040): a pause that skips nothing changes nothing.
  return previews.filter((preview) => preview.skipped_dates.length > 0);
}

async function mailCustomer(
  deps: LifecycleDeps,
  tx: Database,
  userId: number,
  template: string,
  render: (firstName: string | null) => RenderedMail,
) {
  const contact = await subscriptions.findUserContact(tx, userId);
  if (!contact) return;
  await deps.mailer.queue(tx, contact.email, template, render(contact.firstName));
}

const mailBase = (deps: LifecycleDeps, firstName: string | null) => ({
  siteName: deps.site.name,
  accountUrl: lifecycleLinks(deps.site).accountUrl,
  firstName,
});

const lockedDatesFrom = (boxes: { date: string; status: string }[]) =>
  boxes.filter((box) => box.status === 'locked').map((box) => box.date);

// ─── Pause and resume ────────────────────────────────────────────────────────────────────────

export async function pause(deps: LifecycleDeps, userId: number, body: PauseBody): Promise<LifecycleOutcome> {
  const now = deps.now?.() ?? new Date();
  const day = today(now);
  const resume = pauseResumeDate(body, day);
  if ('problem' in resume) throw AppError.invalidField('until' in body ? 'until' : 'weeks', resume.problem);

  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, userId);
    const boxes = await subscriptions.listBoxStates(tx, locked.subscription.id, day);
    const { subscription } = locked;
    if (
      subscription.status === 'paused' &&
      subscription.resumeOn === resume.resumeOn &&
      subscription.pausedAt &&
      now.getTime() - subscription.pausedAt.getTime() < DOUBLE_SUBMIT_MS
    ) {
      return outcome(
        locked,
        {},
        PAUSING_PROCESSING_PATH,
        lockedDatesFrom(boxes.filter((b) => b.date < resume.resumeOn)),
        firstBoxAfterPause(boxes, resume.resumeOn, scheduleOf(subscription)),
      );
    }
    refuse(locked, 'pause');
    // The same rule as the choices the preview offers: a pause that skips no box is refused.
    if (pauseEffect(boxes, resume.resumeOn).skip.length === 0) {
      throw AppError.invalidField('until' in body ? 'until' : 'weeks', PAUSE_SKIPS_NOTHING_MESSAGE);
    }
    return pauseLocked(deps, tx, locked, boxes, resume.resumeOn, now);
  });
  deps.mailer.flush();
  return result;
}

/** Pauses a locked subscription until `resumeOn`: shared by a pause and a pause offered instead of canceling. */
async function pauseLocked(
  deps: LifecycleDeps,
  tx: Database,
  locked: Locked,
  boxes: { date: string; status: subscriptions.DeliveryStatus }[],
  resumeOn: string,
  now: Date,
): Promise<LifecycleOutcome> {
  const { skip, stillShipping } = pauseEffect(boxes, resumeOn);
  const id = locked.subscription.id;
  await subscriptions.setBoxesStatus(tx, id, skip, ['scheduled'], 'skipped');
  const changes = { status: 'paused' as const, resumeOn, pausedAt: now, resumeReminderSentAt: null };
  await subscriptions.updateSubscription(tx, id, changes);
  await grantOneVisit(tx, locked.subscription.userId, PAUSING_PROCESSING_PATH);
  const afterPause = boxes.map((box) =>
    skip.includes(box.date) ? { ...box, status: 'skipped' as const } : box,
  );
  // The day boxes start again is the first box after the pause, everywhere (decision 023).
  const firstBoxOn = firstBoxAfterPause(afterPause, resumeOn, scheduleOf(locked.subscription));
  await mailCustomer(deps, tx, locked.subscription.userId, 'subscription-paused', (firstName) =>
    pauseConfirmedMail({ ...mailBase(deps, firstName), firstBoxOn, stillShipping }),
  );
  return outcome(locked, changes, PAUSING_PROCESSING_PATH, stillShipping, firstBoxOn);
}

/**
 * Resumes a paused subscription now (DELETE /pause) or when its pause ends (the job): the boxes
 * the pause skipped whose cutoff is still ahead come back, and the next eight are made again.
 */
async function resumeLocked(
  tx: Database,
  locked: Locked,
  now: Date,
): Promise<Partial<Locked['subscription']>> {
  const id = locked.subscription.id;
  const boxes = await subscriptions.listBoxStates(tx, id, today(now));
  const pausedUntil = locked.subscription.resumeOn;
  const comingBack = boxes
    .filter((box) => box.status === 'skipped' && box.cutoffAt.getTime() > now.getTime())
    .filter((box) => pausedUntil === null || box.date < pausedUntil)
    .map((box) => box.date);
  await subscriptions.setBoxesStatus(tx, id, comingBack, ['skipped'], 'scheduled');
  const changes = { status: 'active' as const, resumeOn: null, pausedAt: null, resumeReminderSentAt: null };
  await subscriptions.updateSubscription(tx, id, changes);
  await ensureUpcomingDeliveries(tx, id, now);
  return changes;
}

export async function resumeNow(deps: LifecycleDeps, userId: number): Promise<LifecycleOutcome> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, userId);
    // A double submit finds it active again: the same answer.
    if (locked.subscription.status === 'active')
      return outcome(locked, {}, lifecycleLinks(deps.site).accountUrl, []);
    refuse(locked, 'resume');
    const changes = await resumeLocked(tx, locked, now);
    return outcome(locked, changes, lifecycleLinks(deps.site).accountUrl, []);
  });
}

// ─── Paused by failed charges, and the way back (docs/decisions/040) ─────────────────

type GivenUp = { box: subscriptions.DeliveryRow; totalCents: number };

/**
 * The box a pause after failed charges is about, or null when the pause is another one: the
 * renewal engine pauses without a resume date (a customer's pause always has one), after
 * canceling the box whose charge it gave up on.
 */
async function givenUpBoxOf(db: Database, subscription: Locked['subscription']): Promise<GivenUp | null> {
  if (subscription.status !== 'paused' || subscription.resumeOn !== null) return null;
  const box = await subscriptions.findGivenUpBox(db, subscription.id);
  if (!box) return null;
  const row = await subscriptions.findDeliveryWithItems(db, subscription.id, box.deliveryDate);
  return { box, totalCents: row?.order?.totalCents ?? 0 };
}

/** The first box a resume brings: a skipped or scheduled one whose cutoff is still ahead. */
function firstComingBox(boxes: { date: string; status: string; cutoffAt: Date }[], now: Date): string | null {
  const coming = boxes.find(
    (box) =>
      (box.status === 'skipped' || box.status === 'scheduled') && box.cutoffAt.getTime() > now.getTime(),
  );
  return coming?.date ?? null;
}

/**
 * Why the subscription is paused when its charges failed, and what resuming does: the one rule
 * the account's banner and resume page show (GET /api/me `payment_pause`). Null otherwise.
 */
export async function findPaymentPause(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<PaymentPause | null> {
  const latest = await subscriptions.findLatestSubscription(db, userId);
  if (!latest) return null;
  const givenUp = await givenUpBoxOf(db, latest.subscription);
  if (!givenUp) return null;
  const date = givenUp.box.deliveryDate;
  const boxes = await subscriptions.listBoxStates(db, latest.subscription.id, today(now));
  return {
    failed_delivery_date: date,
    failed_total_cents: givenUp.totalCents,
    card_last4: latest.subscription.cardLast4,
    retry_delivery_date: now.getTime() < givenUpBoxPayableUntil(date).getTime() ? date : null,
    next_box_date: firstComingBox(boxes, now),
  };
}

/**
 * Update the card and resume, one step (POST /api/me/subscription/resume; the route saved the new
 * card first). The pause's skipped boxes whose cutoff is ahead come back, as any resume brings them;
 * the box given up is owed again and charged at once on the new card when it can still be sent
 * (givenUpBoxPayableUntil). A decline on the new card gives it up again (no retry days are left).
 */
export async function resumeWithNewCard(deps: LifecycleDeps, userId: number): Promise<ResumeOutcome> {
  const now = deps.now?.() ?? new Date();
  const resumed = await deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, userId);
    // A double submit finds it active again: the same answer, nothing charged twice.
    if (locked.subscription.status === 'active') return { locked, changes: {}, retry: null };
    refuse(locked, 'resume');
    const givenUp = await givenUpBoxOf(tx, locked.subscription);
    if (!givenUp) throw new AppError('conflict', RESUME_NOT_FOR_PAYMENT_MESSAGE);
    const changes = await resumeLocked(tx, locked, now);
    const { box } = givenUp;
    const payable = now.getTime() < givenUpBoxPayableUntil(box.deliveryDate).getTime();
    if (!payable || !box.orderId) return { locked, changes, retry: null };
    await reopenRenewalOrder(tx, box.orderId);
    // Due now: the charge below (or the renewals job's next pass) takes it with a key of its own.
    await subscriptions.transitionDelivery(tx, box.id, ['canceled'], { status: 'failed', nextChargeAt: now });
    return { locked, changes, retry: { date: box.deliveryDate, totalCents: givenUp.totalCents } };
  });
  if (resumed.retry) {
    await chargeDueBoxes(deps, null);
  }
  const after = await subscriptions.findLatestSubscription(deps.db, userId);
  const subscription = after?.subscription ?? { ...resumed.locked.subscription, ...resumed.changes };
  let retried: ResumeOutcome['retried_box'] = null;
  if (resumed.retry) {
    const row = await subscriptions.findDeliveryWithItems(deps.db, subscription.id, resumed.retry.date);
    const status = row?.delivery.status;
    retried = {
      date: resumed.retry.date,
      status: status === 'charged' || status === 'canceled' ? status : 'failed',
      total_cents: resumed.retry.totalCents,
    };
  }
  const boxes = await subscriptions.listBoxStates(deps.db, subscription.id, today(now));
  return {
    subscription: toSubscription(subscription, after?.plan ?? resumed.locked.plan),
    retried_box: retried,
    next_box_date: firstComingBox(boxes, now),
  };
}

// ─── Cancel, with one offer ──────────────────────────────────────────────────────────────────

export async function startCancellation(
  deps: LifecycleDeps,
  userId: number,
  body: CancellationBody,
): Promise<CancellationStarted> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, userId);
    refuse(locked, 'cancel');
    const [settings, plans] = await Promise.all([listAppSettings(tx), listPlans(tx, {})]);
    const retention = (settings.find((group) => group.group === 'retention_offers')?.values ??
      {}) as RetentionSettings;
    let offer = chooseRetentionOffer(body.reason, retention, plans, locked.plan.threshold);
    // A paused customer is already pausing; a smaller plan changes an active subscription only.
    if (locked.subscription.status !== 'active' && offer?.kind !== 'percent_off_next_box') offer = null;
    // An offer is taken once per subscription (decision 023): a customer who took half off and
    // comes back to cancel is not offered it again, and goes straight to confirming.
    if (
      offer &&
      (await subscriptions.listAcceptedOfferKinds(tx, locked.subscription.id)).includes(offer.kind)
    ) {
      offer = null;
    }

    const fields = { reason: body.reason, details: body.details ?? null, offer, outcome: 'offered' as const };
    // Starting again before deciding (a double submit, a changed mind) updates the open survey.
    const open = await subscriptions.findLatestCancellation(tx, locked.subscription.id);
    if (open?.outcome === 'offered') {
      await subscriptions.updateCancellation(tx, open.id, fields);
      return { cancellation_id: open.id, offer };
    }
    const created = await subscriptions.insertCancellation(tx, {
      subscriptionId: locked.subscription.id,
      ...fields,
    });
    return { cancellation_id: created.id, offer };
  });
}

export async function acceptOffer(deps: LifecycleDeps, userId: number): Promise<LifecycleOutcome> {
  const now = deps.now?.() ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, userId);
    const cancellation = await subscriptions.findLatestCancellation(tx, locked.subscription.id);
    if (cancellation?.outcome === 'accepted' && isRecent(cancellation.decidedAt, now)) {
      return outcome(locked, {}, OFFER_ACCEPTED_PROCESSING_PATH, []);
    }
    const offer = cancellation?.outcome === 'offered' ? (cancellation.offer as RetentionOffer | null) : null;
    if (!cancellation || !offer) {
      throw new AppError('conflict', 'There is no offer to accept. Start again from your account.');
    }
    refuse(locked, 'cancel');
    await subscriptions.updateCancellation(tx, cancellation.id, { outcome: 'accepted', decidedAt: now });
    const applied = await applyOffer(deps, tx, locked, offer, now);
    await grantOneVisit(tx, userId, OFFER_ACCEPTED_PROCESSING_PATH);
    await mailCustomer(deps, tx, userId, 'offer-accepted', (firstName) =>
      offerAcceptedMail({ ...mailBase(deps, firstName), offer: applied.summary }),
    );
    return { ...applied.outcome, redirect: OFFER_ACCEPTED_PROCESSING_PATH };
  });
  deps.mailer.flush();
  return result;
}

async function applyOffer(
  deps: LifecycleDeps,
  tx: Database,
  locked: Locked,
  offer: RetentionOffer,
  now: Date,
): Promise<{ outcome: LifecycleOutcome; summary: string }> {
  const boxes = await subscriptions.listBoxStates(tx, locked.subscription.id, today(now));
  const lockedDates = lockedDatesFrom(boxes);
  switch (offer.kind) {
    case 'percent_off_next_box': {
      const next = boxes.find((box) => box.status === 'scheduled' && box.cutoffAt.getTime() > now.getTime());
      if (!next)
        throw new AppError('conflict', 'You have no upcoming box to take the discount off. Resume first.');
      await subscriptions.setOneTimeDiscount(tx, next.id, (offer.percent_off ?? 0) * 100);
      return {
        outcome: outcome(locked, {}, OFFER_ACCEPTED_PROCESSING_PATH, lockedDates),
        summary: `${offer.percent_off}% off your box of ${next.date}`,
      };
    }
    case 'smaller_plan': {
      const change = await changeSubscription(
        tx,
        locked.subscription.userId,
        { plan_id: offer.plan!.id },
        { now, preview: false },
      );
      return {
        outcome: {
          subscription: change.subscription,
          redirect: OFFER_ACCEPTED_PROCESSING_PATH,
          locked_delivery_dates: lockedDates,
        },
        summary: `Your boxes now hold ${offer.plan!.threshold} items (the ${offer.plan!.name} plan), from your next box`,
      };
    }
    case 'pause': {
      const resumeOn = addDays(today(now), (offer.pause_weeks ?? 1) * 7);
      const paused = await pauseLocked(deps, tx, locked, boxes, resumeOn, now);
      return { outcome: paused, summary: `Your boxes are paused until ${resumeOn}` };
    }
  }
}

const isRecent = (at: Date | null, now: Date) =>
  at !== null && now.getTime() - at.getTime() < DOUBLE_SUBMIT_MS;

export async function confirmCancellation(deps: LifecycleDeps, userId: number): Promise<LifecycleOutcome> {
  const now = deps.now?.() ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, userId);
    const id = locked.subscription.id;
    const boxes = await subscriptions.listBoxStates(tx, id, today(now));
    if (locked.subscription.status === 'canceled' && isRecent(locked.subscription.canceledAt, now)) {
      return outcome(locked, {}, CANCELLATION_PROCESSING_PATH, lockedDatesFrom(boxes));
    }
    refuse(locked, 'cancel');
    const cancellation = await subscriptions.findLatestCancellation(tx, id);
    if (cancellation?.outcome !== 'offered') {
      throw AppError.invalidField('reason', 'Tell us why you are canceling first.');
    }
    await subscriptions.updateCancellation(tx, cancellation.id, { outcome: 'declined', decidedAt: now });
    const { cancel, stillShipping } = cancellationEffect(boxes);
    await subscriptions.setBoxesStatus(tx, id, cancel, ['scheduled', 'skipped'], 'canceled');
    const changes = { status: 'canceled' as const, canceledAt: now, resumeOn: null };
    await subscriptions.updateSubscription(tx, id, changes);
    await grantOneVisit(tx, userId, CANCELLATION_PROCESSING_PATH);
    await mailCustomer(deps, tx, userId, 'subscription-canceled', (firstName) =>
      subscriptionCanceledMail({
        ...mailBase(deps, firstName),
        stillShipping,
        reactivateUrl: lifecycleLinks(deps.site).reactivateUrl,
      }),
    );
    return outcome(locked, changes, CANCELLATION_PROCESSING_PATH, stillShipping);
  });
  deps.mailer.flush();
  return result;
}

// ─── Reactivate ──────────────────────────────────────────────────────────────────────────────

/**
 * A paused or canceled customer starts again: a plan, a first date their zip is delivered on and
 * still open, and the saved card (a new one is saved first, by the route, through the provider).
 * The boxes never made are cleared; the first new box holds the last box's meals, trimmed to the
 * plan as a plan change trims (reschedule.ts), and the next seven follow it.
 */
export async function reactivate(
  deps: LifecycleDeps,
  userId: number,
  body: ReactivationBody,
): Promise<LifecycleOutcome> {
  const now = deps.now?.() ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, userId);
    const { subscription } = locked;
    if (
      subscription.status === 'active' &&
      subscription.nextDeliveryDate === body.first_delivery_date &&
      subscription.planId === body.plan_id &&
      isRecent(subscription.updatedAt, now)
    ) {
      return outcome(locked, {}, lifecycleLinks(deps.site).accountUrl, []);
    }
    refuse(locked, 'reactivate');
    const plan = await findPlan(tx, body.plan_id);
    if (!plan) throw AppError.invalidField('plan_id', 'Choose one of our plans.');
    // A new card (body.payment_method_id) was saved on the subscription by the route, before this.
    if (!subscription.paymentMethodId) {
      throw AppError.invalidField('payment_method_id', 'Add a card to pay for your boxes.');
    }
    const address = await getAddress(tx, userId, subscription.addressId);
    const zip = await lookUpZipCode(tx, { id: address.zip_code_id });
    if (!zip?.is_delivered) {
      throw AppError.invalidField(
        'first_delivery_date',
        'We no longer deliver to your address. Update it in your account first.',
      );
    }
    if (!isDeliveryDateChoice(body.first_delivery_date, { now, weekdays: zip.delivery_weekdays })) {
      throw AppError.invalidField('first_delivery_date', 'Choose one of the delivery dates shown.');
    }
    if ((await madeBoxDates(tx, subscription.id, now)).has(body.first_delivery_date)) {
      throw AppError.invalidField('first_delivery_date', REACTIVATION_DATE_TAKEN_MESSAGE);
    }

    const id = subscription.id;
    const lastMeals = await subscriptions.findPreviousMadeContents(tx, id, '9999-12-31');
    await subscriptions.deleteUnmadeDeliveries(tx, id, today(now));
    const changes = {
      status: 'active' as const,
      planId: plan.id,
      deliveryWeekday: isoWeekday(body.first_delivery_date),
      nextDeliveryDate: body.first_delivery_date,
      resumeOn: null,
      pausedAt: null,
      canceledAt: null,
      resumeReminderSentAt: null,
    };
    await subscriptions.updateSubscription(tx, id, changes);
    const [first] = await subscriptions.insertDeliveries(tx, [
      {
        subscriptionId: id,
        deliveryDate: body.first_delivery_date,
        cutoffAt: deliveryCutoff(body.first_delivery_date),
      },
    ]);
    if (first)
      await subscriptions.replaceDeliveryItems(tx, first.id, trimToThreshold(lastMeals, plan.threshold));
    await ensureUpcomingDeliveries(tx, id, now);
    await mailCustomer(deps, tx, userId, 'subscription-reactivated', (firstName) =>
      subscriptionReactivatedMail({
        ...mailBase(deps, firstName),
        planName: plan.name,
        firstDeliveryDate: body.first_delivery_date,
        frequencyWeeks: subscription.frequencyWeeks,
      }),
    );
    return {
      ...outcome(locked, changes, lifecycleLinks(deps.site).accountUrl, []),
      subscription: toSubscription({ ...subscription, ...changes }, plan),
    };
  });
  deps.mailer.flush();
  return result;
}

/**
 * The first delivery dates a reactivation offers: the zip's open dates, without a day whose box is
 * already made (paid or being charged): it ships anyway, so choosing it would change nothing
 * (docs/decisions/040). `reactivate` refuses the same days.
 */
export async function reactivationDates(db: Database, userId: number, now: Date = new Date()) {
  const latest = await subscriptions.findLatestSubscription(db, userId);
  if (!latest) return [];
  const address = await getAddress(db, userId, latest.subscription.addressId);
  const zip = await lookUpZipCode(db, { id: address.zip_code_id });
  if (!zip?.is_delivered) return [];
  const made = await madeBoxDates(db, latest.subscription.id, now);
  return deliveryDateChoices({
    now,
    weekdays: zip.delivery_weekdays,
    count: DELIVERY_DATE_CHOICES + made.size,
  })
    .filter((choice) => !made.has(choice.date))
    .slice(0, DELIVERY_DATE_CHOICES)
    .map((choice) => ({ date: choice.date }));
}

/** The days a subscription's box is made (charged, being charged or retried): they ship whatever comes. */
async function madeBoxDates(db: Database, subscriptionId: number, now: Date): Promise<Set<string>> {
  const boxes = await subscriptions.listBoxStates(db, subscriptionId, today(now));
  return new Set(
    boxes
      .filter((box) => box.status === 'charged' || box.status === 'locked' || box.status === 'failed')
      .map((box) => box.date),
  );
}

// ─── The outcome pages' one visit ────────────────────────────────────────────────────────────

export async function visitOutcome(
  db: Database,
  userId: number,
  path: string,
  now: Date = new Date(),
): Promise<LifecycleOutcome> {
  if (!(await consumeVisitGrant(db, userId, path))) {
    throw new AppError('forbidden', 'This page was shown already. Your account has the details.');
  }
  const locked = await subscriptions.findLatestSubscription(db, userId);
  if (!locked) throw AppError.notFound('Subscription not found.');
  const boxes = await subscriptions.listBoxStates(db, locked.subscription.id, today(now));
  const relevant =
    locked.subscription.resumeOn === null
      ? boxes
      : boxes.filter((box) => box.date < locked.subscription.resumeOn!);
  const { resumeOn } = locked.subscription;
  return outcome(
    locked,
    {},
    path,
    lockedDatesFrom(relevant),
    resumeOn === null ? null : firstBoxAfterPause(boxes, resumeOn, scheduleOf(locked.subscription)),
  );
}

// ─── The jobs: pauses that end, and their reminders ──────────────────────────────────────────

/** A week before a pause ends: one "we start again soon" email per pause. */
export const RESUME_REMINDER_DAYS = 7;

/**
 * The latest resume date whose first box is already due to be made at `now`: a pause ends at the
 * cutoff of its resume day, so a box on that day or after is locked and charged on time. A paused
 * subscription has no box on that day to read a stored cutoff from, so this applies the rule
 * (docs/decisions/054).
 */
function resumeDueBy(now: Date): string {
  const day = today(now);
  for (let ahead = 5; ahead >= 0; ahead--) {
    const candidate = addDays(day, ahead);
    if (deliveryCutoff(candidate).getTime() <= now.getTime()) return candidate;
  }
  return addDays(day, -1);
}

export async function runPauseJobs(
  deps: LifecycleDeps,
  asOf: Date | null,
  batch = 50,
): Promise<{ resumed: number; reminded: number }> {
  const now = asOf ?? new Date();
  const done = { resumed: 0, reminded: 0 };
  for (let i = 0; i < batch; i++) {
    const resumed = await deps.db.transaction(async (tx) => {
      const row = await subscriptions.claimPausedSubscription(tx, 'resume', resumeDueBy(now));
      if (!row) return false;
      const plan = await findPlan(tx, row.subscription.planId);
      await resumeLocked(tx, { subscription: row.subscription, plan: plan! }, now);
      return true;
    });
    if (!resumed) break;
    done.resumed += 1;
  }
  for (let i = 0; i < batch; i++) {
    const reminded = await deps.db.transaction(async (tx) => {
      const row = await subscriptions.claimPausedSubscription(
        tx,
        'remind',
        addDays(today(now), RESUME_REMINDER_DAYS),
      );
      if (!row) return false;
      await subscriptions.updateSubscription(tx, row.subscription.id, { resumeReminderSentAt: now });
      const resumeOn = row.subscription.resumeOn!;
      const boxes = await subscriptions.listBoxStates(tx, row.subscription.id, today(now));
      const firstBoxOn = firstBoxAfterPause(boxes, resumeOn, scheduleOf(row.subscription));
      await deps.mailer.queue(
        tx,
        row.email,
        'subscription-resume-soon',
        resumeSoonMail({ ...mailBase(deps, row.firstName), firstBoxOn }),
      );
      return true;
    });
    if (!reminded) break;
    done.reminded += 1;
  }
  if (done.reminded > 0) deps.mailer.flush();
  return done;
}

/** Both pause jobs as one pass for the job runner (lib/jobs), which catches, logs and backs off. */
export function pauseJob(deps: LifecycleDeps, intervalMs: number): Job {
  return { name: 'pauses', intervalMs, run: (asOf) => runPauseJobs(deps, asOf) };
}

// ─── Support acting for a customer (the admin site) ──────────────────────────────────────────

/** Pauses a customer's subscription for them (support): the customer's own pause, audited. */
export async function pauseForCustomer(
  deps: LifecycleDeps,
  actorUserId: number,
  userId: number,
  body: PauseBody,
): Promise<LifecycleOutcome> {
  const result = await deps.db.transaction(async (tx) => {
    const current = await subscriptions.findCurrentSubscriptionWithPlan(tx, userId);
    const outcome = await pause({ ...deps, db: tx }, userId, body);
    await recordAdminAction(tx, {
      actorUserId,
      action: 'subscription.pause',
      entity: 'subscription',
      entityId: current?.subscription.id ?? userId,
      before: current
        ? { status: current.subscription.status, resume_on: current.subscription.resumeOn }
        : null,
      after: { ...body, status: 'paused' },
    });
    return outcome;
  });
  deps.mailer.flush();
  return result;
}
