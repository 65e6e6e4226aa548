import {
  dollarsToCents,
  FIRST_BOX_FREE_MESSAGE,
  FIRST_BOX_PAID_BY_GIFT_CARDS_MESSAGE,
  type GiftCardCheck,
} from '@sprout/contracts';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { CheckoutLoaderData } from '../../routes/onboarding.checkout.server';
import { GiftCardCodes } from '../gift-cards/GiftCardCodes';
import { PaymentFields, type PaymentFieldsHandle } from '../payments/PaymentFields';
import { PROCESSING_LABEL, payButtonLabel } from './format';

export const BOX_NOT_READY_MESSAGE = 'Your box changed: fill it to its plan size to check out.';

/**
 * The checkout's payment region: gift cards, the card, what stops Pay, and Pay itself. Pay submits
 * the details form (`form="checkout-form"`); the page runs it.
 */
export function PaymentSection(props: {
  regionRef: RefObject<HTMLElement | null>;
  paymentRef: RefObject<PaymentFieldsHandle | null>;
  paymentErrorRef: RefObject<HTMLParagraphElement | null>;
  formErrorRef: RefObject<HTMLDivElement | null>;
  payButtonRef: RefObject<HTMLButtonElement | null>;
  giftCards: {
    check: GiftCardCheck | null;
    error: string | null;
    onApply(code: string): Promise<string | null>;
    onRemove(code: string): void;
  };
  /** What Pay charges now, in dollars (gift cards taken off). */
  total: number;
  giftCardsApplied: number;
  paymentConfig: CheckoutLoaderData['paymentConfig'];
  paymentProblem: string | null;
  formProblems: string[];
  /** The box is filled to its plan's size. */
  ready: boolean;
  /** A notice from the details form's action (posted before the JavaScript loaded). */
  notice: string | null;
  processing: boolean;
  frequency: number;
}) {
  const { processing, total, formProblems, ready } = props;
  return (
    <section ref={props.regionRef} className="checkout-payment" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout-section__title">
        Payment
      </h2>
      <GiftCardCodes
        check={props.giftCards.check}
        error={props.giftCards.error}
        disabled={processing}
        onApply={props.giftCards.onApply}
        onRemove={props.giftCards.onRemove}
      />
      {total > 0 ? null : (
        // Nothing is charged today, yet the card is asked for: the next boxes are charged to it.
        <p className="checkout-payment__covered" data-first-box-free>
          {props.giftCardsApplied > 0 ? FIRST_BOX_PAID_BY_GIFT_CARDS_MESSAGE : FIRST_BOX_FREE_MESSAGE}
        </p>
      )}
      <PaymentFields
        ref={props.paymentRef}
        config={props.paymentConfig}
        amountCents={dollarsToCents(total)}
        disabled={processing}
      />
      {props.paymentProblem ? (
        <p
          className="checkout-error checkout-payment__error"
          ref={props.paymentErrorRef}
          tabIndex={-1}
          role="alert"
        >
          {props.paymentProblem}
        </p>
      ) : null}
      <div className="checkout-payment__messages" ref={props.formErrorRef} tabIndex={-1}>
        {formProblems.length > 0 ? (
          <div className="checkout-form-error" role="alert">
            {formProblems.map((message) => (
              <p key={message}>{message}</p>
            ))}
            {formProblems.includes(BOX_NOT_READY_MESSAGE) || !ready ? (
              <p>
                <Link to="/menus">Back to the menus</Link>
              </p>
            ) : null}
          </div>
        ) : !ready ? (
          <p className="checkout-form-error">{BOX_NOT_READY_MESSAGE}</p>
        ) : null}
        {props.notice && !processing ? <p role="status">{props.notice}</p> : null}
      </div>
      <button
        ref={props.payButtonRef}
        type="submit"
        form="checkout-form"
        className="button button--primary button--large checkout-payment__pay"
        // aria-disabled, not disabled: the pressed button keeps keyboard focus while it works
        // (and gets it back when the 3-D Secure dialog closes); presses meanwhile do nothing.
        aria-disabled={processing || undefined}
        aria-busy={processing}
        onClick={(event) => {
          if (processing) event.preventDefault();
        }}
      >
        {processing ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {PROCESSING_LABEL}
          </>
        ) : (
          payButtonLabel(total)
        )}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {processing ? 'Processing your order, please wait.' : ''}
      </p>
      <p className="checkout-payment__legal">
        Your plan renews {props.frequency === 1 ? 'every week' : `every ${props.frequency} weeks`} until you
        skip, pause or cancel in your account. You are charged before each delivery.
      </p>
    </section>
  );
}
