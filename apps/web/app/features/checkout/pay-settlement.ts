import { CHECKOUT_SUCCESS_PATH, EMAIL_IN_USE_MESSAGE } from '@sprout/contracts';
import { placeServerErrors } from './details';
import type { PayOutcome } from './pay';

/** After a 5xx answer or none: the next press retries the same attempt (its key), never a second charge. */
export const RETRY_PAY_MESSAGE = 'Press Pay again to retry: you will not be charged twice.';

/** Where the checkout page shows what stopped Pay: beside the date, the frequency, the card, the promo, or above Pay. */
export type Problems = {
  date: string | null;
  frequency: string | null;
  payment: string | null;
  promo: string | null;
  form: string[];
};
export const NO_PROBLEMS: Problems = { date: null, frequency: null, payment: null, promo: null, form: [] };

/** Where focus goes once the problem is on the page. */
export type FocusTarget = 'date' | 'payment' | 'promo' | 'form';

type Completed = Extract<PayOutcome, { kind: 'completed' }>['checkout'];

/**
 * What the checkout page does with Pay's outcome, decided without the page: the pay flow's last
 * state, unit-tested on its own (pay-settlement.test.ts). The page only carries it out.
 */
export type Settlement =
  /** The order exists: forget the cart and go to its success page. */
  | { kind: 'completed'; checkout: Completed; to: string }
  /** Leave the checkout (the email's account to sign in to, or the menus for a cart bought elsewhere). */
  | { kind: 'leave'; to: string; closeCartPanel: boolean }
  | {
      kind: 'show';
      problems: Problems;
      /** Where focus goes; null when conform focuses the first field error itself. */
      focus: FocusTarget | null;
      /** Field errors for conform to show beside their fields. */
      fieldErrors: Record<string, string[]> | null;
      /** The gift card field's own message (undefined: leave it as it is). */
      giftCardError?: string;
      /** The date closed while paying: look the zip up again for the dates open now. */
      recheckZip: boolean;
      /** The cart's price moved: read the cart and the gift cards' share again. */
      refresh: boolean;
      /** A card the card form could not read keeps focus on the card field it focused. */
      keepCardFieldFocus: boolean;
    }
  | { kind: 'nothing' };

function show(
  problems: Problems,
  focus: FocusTarget | null,
  more: Partial<Omit<Extract<Settlement, { kind: 'show' }>, 'kind' | 'problems' | 'focus'>> = {},
): Settlement {
  return {
    kind: 'show',
    problems,
    focus,
    fieldErrors: null,
    recheckZip: false,
    refresh: false,
    keepCardFieldFocus: false,
    ...more,
  };
}

/** Only paths of this site are followed after an order (never another origin). */
export function internalPath(path: string | undefined): string {
  return path?.startsWith('/') && !path.startsWith('//') ? path : CHECKOUT_SUCCESS_PATH;
}

export function settlementOf(outcome: PayOutcome): Settlement {
  switch (outcome.kind) {
    case 'completed':
      return { kind: 'completed', checkout: outcome.checkout, to: internalPath(outcome.checkout.redirect) };
    case 'email-in-use': {
      const query = new URLSearchParams({ email: outcome.email, error: EMAIL_IN_USE_MESSAGE });
      return { kind: 'leave', to: `/onboarding/login?${query}`, closeCartPanel: true };
    }
    case 'cart-locked':
      return { kind: 'leave', to: '/menus', closeCartPanel: false };
    case 'invalid': {
      const { gift_card_codes: giftCardProblems, ...otherErrors } = outcome.errors;
      const giftCardError = giftCardProblems?.[0];
      if (giftCardError && Object.keys(otherErrors).length === 0) {
        return show({ ...NO_PROBLEMS, form: [giftCardError] }, 'form', { giftCardError });
      }
      const placed = placeServerErrors(otherErrors);
      const hasFields = Object.keys(placed.fields).length > 0;
      const placedSomewhere = hasFields || placed.date || placed.frequency || placed.payment || placed.promo;
      const form = placed.form.length > 0 || placedSomewhere ? placed.form : [outcome.message];
      // With field errors conform focuses the first of them, whose message stays shown.
      const focus: FocusTarget | null = hasFields
        ? null
        : placed.payment
          ? 'payment'
          : placed.date
            ? 'date'
            : placed.promo
              ? 'promo'
              : 'form';
      return show(
        {
          date: placed.date,
          frequency: placed.frequency,
          payment: placed.payment,
          promo: placed.promo,
          form,
        },
        focus,
        {
          fieldErrors: hasFields ? placed.fields : null,
          // A date that closed while paying: offer the dates that are open now.
          recheckZip: Boolean(placed.date),
          ...(giftCardError ? { giftCardError } : {}),
        },
      );
    }
    case 'payment-error':
      // Focus stays on the card field the card form focused for an unreadable card; a failed 3-D
      // Secure challenge (or anything else) moves it to the message, so keyboard and screen-reader
      // users land on what went wrong, not on the page's first link.
      return show({ ...NO_PROBLEMS, payment: outcome.message }, 'payment', {
        keepCardFieldFocus: outcome.stage === 'card',
      });
    case 'price-changed':
    // Nothing was charged: the costs and the Pay button show the saved cart's total (everything
    // typed stays), and the customer presses Pay again for it.
    case 'conflict':
      // The price or the cart changed while paying: show what it is now, then they pay again.
      return show({ ...NO_PROBLEMS, form: [outcome.message] }, 'form', { refresh: true });
    case 'failed':
      return show(
        {
          ...NO_PROBLEMS,
          form: outcome.retryable ? [outcome.message, RETRY_PAY_MESSAGE] : [outcome.message],
        },
        'form',
      );
    case 'aborted':
      return { kind: 'nothing' };
  }
}
