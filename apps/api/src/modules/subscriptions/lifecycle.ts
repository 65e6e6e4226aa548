import {
  type CancellationReason,
  MAX_PAUSE_WEEKS,
  type PauseBody,
  type RetentionOffer,
  type RetentionOfferKind,
} from '@sprout/contracts';
import { addDays } from '../../domain/delivery-dates';
import { deliveryDatesAfter, type Schedule } from './schedule';

/**
 * The subscription's lifecycle rules (docs/decisions/023), pure: which transitions each state allows, what
 * a pause skips and when it ends, and which retention offer a cancellation reason gets.
 */

export type SubscriptionStatus = 'active' | 'paused' | 'canceled';
export type LifecycleAction = 'pause' | 'resume' | 'cancel' | 'reactivate';

const ALLOWED: Record<LifecycleAction, readonly SubscriptionStatus[]> = {
  pause: ['active'],
  resume: ['paused'],
  cancel: ['active', 'paused'],
  reactivate: ['paused', 'canceled'],
};

const REFUSALS: Record<LifecycleAction, Partial<Record<SubscriptionStatus, string>>> = {
  pause: {
    paused: 'Your subscription is already paused. You can change the resume date or resume now.',
    canceled: 'Your subscription is canceled. Reactivate it to get boxes again.',
  },
  resume: {
    active: 'Your subscription is not paused.',
    canceled: 'Your subscription is canceled. Reactivate it to get boxes again.',
  },
  cancel: { canceled: 'Your subscription is already canceled.' },
  reactivate: { active: 'Your subscription is already active.' },
};

/** Null when the action is allowed from this state, else the message for a 409. */
export function transitionRefusal(status: SubscriptionStatus, action: LifecycleAction): string | null {
  if (ALLOWED[action].includes(status)) return null;
  return REFUSALS[action][status] ?? 'This change is not possible right now.';
}

/**
 * The day a pause ends (the subscription resumes that morning). `{weeks}` counts from today;
 * `{until}` must fall after today and within the longest pause.
 */
export function pauseResumeDate(body: PauseBody, today: string): { resumeOn: string } | { problem: string } {
  const latest = addDays(today, MAX_PAUSE_WEEKS * 7);
  if ('weeks' in body) return { resumeOn: addDays(today, body.weeks * 7) };
  if (body.until <= today) return { problem: 'Choose a resume date after today.' };
  if (body.until > latest) {
    return {
      problem: `You can pause for up to ${MAX_PAUSE_WEEKS} weeks. Choose a date on or before ${latest}.`,
    };
  }
  return { resumeOn: body.until };
}

type BoxState = { date: string; status: string };

/** The boxes a pause skips (scheduled, before the resume date) and the locked ones that still ship. */
export function pauseEffect(
  boxes: readonly BoxState[],
  resumeOn: string,
): { skip: string[]; stillShipping: string[] } {
  const inRange = boxes.filter((box) => box.date < resumeOn);
  return {
    skip: inRange.filter((box) => box.status === 'scheduled').map((box) => box.date),
    stillShipping: inRange.filter((box) => box.status === 'locked').map((box) => box.date),
  };
}

/**
 * The first box a paused subscription delivers after its pause: the resume date is the day the
 * pause ends, which need not be a delivery day (3 weeks from a Monday is a Monday; the boxes come
 * on Tuesdays). It is the first box on or after that day that is not skipped or canceled, or, past
 * the boxes that exist as rows, the next date on the schedule after the last of them.
 */
export function firstBoxAfterPause(boxes: readonly BoxState[], resumeOn: string, schedule: Schedule): string {
  const coming = boxes.find(
    (box) => box.date >= resumeOn && box.status !== 'skipped' && box.status !== 'canceled',
  );
  if (coming) return coming.date;
  let last = boxes[boxes.length - 1]?.date ?? addDays(resumeOn, -7 * schedule.frequencyWeeks);
  for (;;) {
    const [next] = deliveryDatesAfter(last, schedule, 1);
    if (next! >= resumeOn) return next!;
    last = next!;
  }
}

/** What a cancellation does to each box: locked ones ship and are charged; the unlocked ones end. */
export function cancellationEffect(boxes: readonly BoxState[]): {
  cancel: string[];
  stillShipping: string[];
} {
  return {
    cancel: boxes.filter((box) => box.status === 'scheduled' || box.status === 'skipped').map((b) => b.date),
    stillShipping: boxes.filter((box) => box.status === 'locked').map((box) => box.date),
  };
}

/** One offer per reason, from the app setting group `retention_offers`. */
export type RetentionOfferSetting =
  | { kind: 'percent_off_next_box'; percent: number }
  | { kind: 'smaller_plan' }
  | { kind: 'pause'; weeks: number };

export type RetentionSettings = Partial<Record<CancellationReason, RetentionOfferSetting>>;

type PlanOption = { id: number; name: string; threshold: number };

/**
 * The offer a reason gets, or null when none fits (a smaller plan for a customer already on the
 * smallest, a malformed setting): then the customer goes straight to confirming.
 */
export function chooseRetentionOffer(
  reason: CancellationReason,
  settings: RetentionSettings,
  plans: readonly PlanOption[],
  currentThreshold: number,
): RetentionOffer | null {
  const setting = settings[reason];
  if (!setting || !isOfferKind(setting.kind)) return null;
  const base = { kind: setting.kind, percent_off: null, plan: null, pause_weeks: null };
  switch (setting.kind) {
    case 'percent_off_next_box': {
      const percent = Math.round(setting.percent);
      if (!(percent > 0 && percent <= 100)) return null;
      return {
        ...base,
        headline: `${percent}% off your next box`,
        description: `Stay with us and we take ${percent}% off the items of your next box. Nothing else changes.`,
        percent_off: percent,
      };
    }
    case 'smaller_plan': {
      const smaller = plans
        .filter((plan) => plan.threshold < currentThreshold)
        .sort((a, b) => b.threshold - a.threshold)[0];
      if (!smaller) return null;
      return {
        ...base,
        headline: `Try the ${smaller.name} box`,
        description: `${smaller.threshold} items per delivery instead of ${currentThreshold}, from your next box. You can change back at any time.`,
        plan: { id: smaller.id, name: smaller.name, threshold: smaller.threshold },
      };
    }
    case 'pause': {
      const weeks = Math.round(setting.weeks);
      if (!(weeks >= 1 && weeks <= MAX_PAUSE_WEEKS)) return null;
      return {
        ...base,
        headline: `Pause for ${weeks} weeks instead`,
        description: `No boxes and no charges for ${weeks} weeks; we email you a week before they start again.`,
        pause_weeks: weeks,
      };
    }
  }
}

function isOfferKind(kind: unknown): kind is RetentionOfferKind {
  return kind === 'percent_off_next_box' || kind === 'smaller_plan' || kind === 'pause';
}
