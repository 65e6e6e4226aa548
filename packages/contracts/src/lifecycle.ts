import { z } from 'zod';
import { rowId } from './catalog';
import { subscription } from './checkout';
import { MAX_PAUSE_WEEKS, REQUIRED_MESSAGE } from './constants';
import { list, resource } from './envelope';

/**
 * A subscription's lifecycle in the account site (decision 023): pause, cancel with one retention
 * offer chosen by the reason, and reactivate. Every transition answers 409 from the wrong state.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-12-01' });

/** Pause for 1 to 8 weeks, or until a chosen date (at most eight weeks ahead). */
export const pauseBody = z.union(
  [
    z
      .object({
        weeks: z
          .number({ error: `Choose 1 to ${MAX_PAUSE_WEEKS} weeks` })
          .int()
          .min(1, { error: `Choose 1 to ${MAX_PAUSE_WEEKS} weeks` })
          .max(MAX_PAUSE_WEEKS, { error: `Choose 1 to ${MAX_PAUSE_WEEKS} weeks` }),
      })
      .strict(),
    z.object({ until: isoDate }).strict(),
  ],
  { error: `Choose how many weeks to pause (1 to ${MAX_PAUSE_WEEKS}) or a date to resume` },
);
export type PauseBody = z.infer<typeof pauseBody>;

export const CANCELLATION_REASONS = [
  'too_expensive',
  'too_much_food',
  'kids_did_not_like',
  'moving',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** What the survey shows for each reason, in the order it shows them. */
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  too_expensive: 'It costs too much',
  too_much_food: 'We get more food than we eat',
  kids_did_not_like: "My kids didn't like the meals",
  moving: "We're moving",
  other: 'Something else',
};

export const CANCELLATION_DETAILS_MAX = 500;

export const cancellationBody = z
  .object({
    reason: z.enum(CANCELLATION_REASONS, { error: 'Choose the reason that fits best' }),
    details: z
      .string()
      .trim()
      .max(CANCELLATION_DETAILS_MAX, { error: `Keep it under ${CANCELLATION_DETAILS_MAX} characters` })
      .optional(),
  })
  .strict()
  .refine((body) => body.reason !== 'other' || (body.details ?? '').length > 0, {
    path: ['details'],
    error: REQUIRED_MESSAGE,
  });
export type CancellationBody = z.infer<typeof cancellationBody>;

export const RETENTION_OFFER_KINDS = ['percent_off_next_box', 'smaller_plan', 'pause'] as const;
export type RetentionOfferKind = (typeof RETENTION_OFFER_KINDS)[number];

/** The one offer a cancellation is shown, chosen by its reason (app settings `retention_offers`). */
export const retentionOffer = z.object({
  kind: z.enum(RETENTION_OFFER_KINDS),
  headline: z.string(),
  description: z.string(),
  /** percent_off_next_box: the percent taken off the next box's items. */
  percent_off: z.number().int().nullable(),
  /** smaller_plan: the plan offered instead. */
  plan: z.object({ id: z.number().int(), name: z.string(), threshold: z.number().int() }).nullable(),
  /** pause: how many weeks. */
  pause_weeks: z.number().int().nullable(),
});
export type RetentionOffer = z.infer<typeof retentionOffer>;

export const cancellationStarted = z.object({
  cancellation_id: z.number().int(),
  /** Null when there is nothing to offer (the customer goes straight to confirming). */
  offer: retentionOffer.nullable(),
});
export const cancellationStartedResponse = resource(cancellationStarted);
export type CancellationStarted = z.infer<typeof cancellationStarted>;

export const reactivationBody = z
  .object({
    plan_id: rowId,
    first_delivery_date: isoDate,
    /** A new card's token; omitted to keep the saved card. */
    payment_method_id: z.string().trim().min(1).max(255).optional(),
  })
  .strict();
export type ReactivationBody = z.infer<typeof reactivationBody>;

/** The answer of every transition: the subscription after it, and the page that shows the outcome. */
export const lifecycleOutcome = z.object({
  subscription,
  /** `/pausing-processing`, `/offer-accepted-processing`, `/cancellation-processing` or the account. */
  redirect: z.string(),
  /** Boxes already past their cutoff that still ship and are charged. */
  locked_delivery_dates: z.array(isoDate),
  /**
   * A paused subscription: its first box after the pause. The resume date is the day the pause
   * ends, which need not be a delivery day; this is the day the boxes really start again.
   */
  first_box_after_pause: isoDate.nullable().optional(),
});
export const lifecycleOutcomeResponse = resource(lifecycleOutcome);
export type LifecycleOutcome = z.infer<typeof lifecycleOutcome>;

/**
 * What each pause length would do, before the customer confirms (GET /api/me/subscription/pause/preview):
 * the boxes it skips, the ones past their cutoff that still ship, and the first box after it.
 */
export const pausePreview = z.object({
  weeks: z.number().int(),
  resume_on: isoDate,
  skipped_dates: z.array(isoDate),
  still_shipping_dates: z.array(isoDate),
  first_box_after_pause: isoDate,
});
export type PausePreview = z.infer<typeof pausePreview>;
export const pausePreviewResponse = list(pausePreview);

export const PAUSING_PROCESSING_PATH = '/pausing-processing';
export const CANCELLATION_PROCESSING_PATH = '/cancellation-processing';
export const OFFER_ACCEPTED_PROCESSING_PATH = '/offer-accepted-processing';

export const OUTCOME_PATHS = [
  PAUSING_PROCESSING_PATH,
  OFFER_ACCEPTED_PROCESSING_PATH,
  CANCELLATION_PROCESSING_PATH,
] as const;
export type OutcomePath = (typeof OUTCOME_PATHS)[number];
export const outcomeVisitBody = z.object({ path: z.enum(OUTCOME_PATHS) }).strict();

// ─── Paused after failed charges: why, and the way back (docs/decisions/040) ──────────────────

/**
 * Why a paused subscription is paused when its renewal charge was declined on every try: the box
 * given up and its amount, the card that declined, and whether resuming charges that box again
 * (its delivery can still be made) or starts with the next one. Null for a pause the customer chose.
 */
export const paymentPause = z.object({
  failed_delivery_date: isoDate,
  failed_total_cents: z.number().int(),
  card_last4: z.string().nullable(),
  /** The failed box, charged again when the customer resumes; null once its delivery is too close. */
  retry_delivery_date: isoDate.nullable(),
  /** The first box after resuming when the failed box is not retried (null when no box is planned). */
  next_box_date: isoDate.nullable(),
});
export type PaymentPause = z.infer<typeof paymentPause>;

/** Update the card and resume in one step: a new card from the card form. */
export const resumeWithCardBody = z
  .object({ payment_method_id: z.string().trim().min(1, { error: 'Enter your card details' }).max(255) })
  .strict();
export type ResumeWithCardBody = z.infer<typeof resumeWithCardBody>;

export const resumeOutcome = z.object({
  subscription,
  /** The failed box charged again on the new card, and how that went; null when it was too late. */
  retried_box: z
    .object({
      date: isoDate,
      status: z.enum(['charged', 'failed', 'canceled']),
      total_cents: z.number().int(),
    })
    .nullable(),
  /** The first box to come that is not yet paid (null when none is planned). */
  next_box_date: isoDate.nullable(),
});
export type ResumeOutcome = z.infer<typeof resumeOutcome>;
export const resumeOutcomeResponse = resource(resumeOutcome);

export const RESUME_NOT_FOR_PAYMENT_MESSAGE =
  'Your subscription is not paused for a payment. Resume it from the pause page.';
export const RESUMED_BUT_DECLINED_MESSAGE =
  'Your new card was declined too, so the box was not sent. Try another card.';

/**
 * The first delivery dates a reactivation offers (GET /api/me/subscription/reactivation/dates):
 * the zip's open dates without those whose box is already made and paid (choosing one would change
 * nothing).
 */
export const reactivationDatesResponse = list(z.object({ date: isoDate }));

/** A pause length (or date) that skips no box is no pause at all: refused, never offered. */
export const PAUSE_SKIPS_NOTHING_MESSAGE = 'That pause would skip no box. Choose a longer pause.';
export const REACTIVATION_DATE_TAKEN_MESSAGE =
  'Your box on that day is already paid and on its way. Choose a later date.';
