import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  CHECKOUT_SUCCESS_PATH,
  type DeliveryFrequencyWeeks,
  dollarsToCents,
  EMAIL_IN_USE_MESSAGE,
  FIRST_BOX_FREE_MESSAGE,
  FIRST_BOX_PAID_BY_GIFT_CARDS_MESSAGE,
  type GiftCardCheck,
  isCityOfZip,
  referrerName,
  type UpdateAbandonedCartBody,
  zipCodeText,
} from '@sprout/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { CheckoutLoaderData } from '../../routes/onboarding.checkout.server';
import { PasswordInput } from '../auth/AuthParts';
import { discountDescription, firstBoxTaxFree } from '../cart/lines';
import { forgetCart } from '../cart/storage';
import { useCartUi, useCartView } from '../cart/useCart';
import { TextInput } from '../forms/TextInput';
import { type FormActionData, useContractForm } from '../forms/useContractForm';
import { GiftCardCodes } from '../gift-cards/GiftCardCodes';
import { PaymentFields, type PaymentFieldsHandle } from '../payments/PaymentFields';
import { trackInitializedCheckout, trackOrderCreated } from './analytics';
import { type CheckoutApi, createCheckoutApi } from './checkout-api';
import { DeliverySchedule } from './DeliverySchedule';
import { type DeliveryOptions, fetchDeliveryOptions, keepOrFirstDate } from './delivery';
import { checkoutDefaults, checkoutDetailsSchema, placeServerErrors } from './details';
import { isFrequency, PROCESSING_LABEL, payButtonLabel } from './format';
import { OrderSummary } from './OrderSummary';
import { AttemptMemory, newIdempotencyKey, type PayOutcome, pay } from './pay';
import { UpsellCarousel } from './UpsellCarousel';

export const CHOOSE_DATE_MESSAGE = 'Choose your first delivery date';
/** The cart has a password already (an earlier Pay saved it): it may be kept or replaced. */
export const SAVED_PASSWORD_HINT =
  'Your password is saved. Leave this empty to keep it, or type a new one (at least 8 characters).';
export const BOX_NOT_READY_MESSAGE = 'Your box changed: fill it to its plan size to check out.';
/** After a 5xx answer or none: the next press retries the same attempt (its key), never a second charge. */
export const RETRY_PAY_MESSAGE = 'Press Pay again to retry: you will not be charged twice.';

type Problems = {
  date: string | null;
  frequency: string | null;
  payment: string | null;
  promo: string | null;
  form: string[];
};
const NO_PROBLEMS: Problems = { date: null, frequency: null, payment: null, promo: null, form: [] };

type FocusTarget = 'date' | 'payment' | 'promo' | 'form';

/** Only paths of this site are followed after an order (never another origin). */
function internalPath(path: string | undefined): string {
  return path?.startsWith('/') && !path.startsWith('//') ? path : CHECKOUT_SUCCESS_PATH;
}

/**
 * /onboarding/checkout (design "Checkout"): contact and delivery details, first delivery date and
 * frequency, add-ons, the promo code, the order's costs, the card, and Pay. The page renders from
 * the loader's cart on the server; once the cart store has the same cart, its answers (promo
 * codes, add-ons, box changes in the cart panel) drive the costs.
 */
export function CheckoutPage({
  data,
  actionData,
}: {
  data: CheckoutLoaderData;
  /** The details form's answer when it was posted before the JavaScript loaded. */
  actionData?: FormActionData | undefined;
}) {
  const navigate = useNavigate();
  const state = useCartView();
  const ui = useCartUi();
  const revalidator = useRevalidator();
  const apiRef = useRef<CheckoutApi | null>(null);
  // api.client is browser-only: the client is made on first use, in an effect or a handler.
  const api = () => {
    apiRef.current ??= createCheckoutApi();
    return apiRef.current;
  };

  // The root loader's cart (re-read after every change) is the truth; this page's own read stands in
  // only if the two differ (another tab changed the cookie).
  const live = state.data?.id === data.cart.id;
  const abandoned = live && state.data ? state.data : data.cart;
  const { cart } = abandoned;
  const cartId = data.cart.id;

  /** Pay saves the details itself (decision 013: the saved total is checked before the card). */
  async function saveCart(body: UpdateAbandonedCartBody) {
    const result = await api().saveCart(cartId, body);
    if (result.kind === 'ok') revalidator.revalidate();
    return result;
  }

  // The password is asked when the cart had none as the page opened; it stays asked until paid.
  const [askPassword] = useState(() => !data.cart.has_password);
  const schema = checkoutDetailsSchema(askPassword);
  // A refused Pay's field errors, as conform's reply (Pay runs in the browser, not in the action).
  const [payResult, setPayResult] = useState<SubmissionResult<string[]> | null>(null);
  // The zip's background save (checkZip) refused it: said beside the field until it is edited.
  const [zipSaveError, setZipSaveError] = useState<string | null>(null);
  const [receivesSms, setReceivesSms] = useState(data.cart.receives_sms_updates);
  const [delivery, setDelivery] = useState<DeliveryOptions | null>(data.delivery);
  const [deliveryLoading, setDeliveryLoading] = useState(false);
  const [date, setDate] = useState<string | null>(() =>
    data.delivery ? keepOrFirstDate(data.delivery, null) : null,
  );
  const [frequency, setFrequency] = useState<DeliveryFrequencyWeeks>(1);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [phase, setPhase] = useState<'idle' | 'processing' | 'completed'>('idle');
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; count: number } | null>(null);

  const busy = useRef(false);
  const memory = useRef(new AttemptMemory());
  const zipLookup = useRef(0);
  const paymentRef = useRef<PaymentFieldsHandle>(null);
  const dateErrorRef = useRef<HTMLParagraphElement>(null);
  const paymentErrorRef = useRef<HTMLParagraphElement>(null);
  const promoErrorRef = useRef<HTMLParagraphElement>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const paymentRegionRef = useRef<HTMLElement>(null);
  const payButtonRef = useRef<HTMLButtonElement>(null);

  // Gift cards (decision 024): checked against the cart, they pay after every other discount.
  const [giftCardCodes, setGiftCardCodes] = useState<string[]>([]);
  const [giftCardCheck, setGiftCardCheck] = useState<GiftCardCheck | null>(null);
  const [giftCardError, setGiftCardError] = useState<string | null>(null);

  const processing = phase !== 'idle';
  const details = useContractForm(schema, {
    id: 'checkout-form',
    lastResult: payResult ?? actionData?.result,
    defaultValue: checkoutDefaults(data.cart),
    pending: processing,
    // Once hydrated, Pay runs here (decision 013); before, the form posts to the route's action.
    onSubmit: (event) => {
      event.preventDefault();
      void submit(event.currentTarget);
    },
  });
  const cartTotal = cart.costs.total_cost;
  const total = giftCardCodes.length > 0 && giftCardCheck ? giftCardCheck.total_cost : cartTotal;
  const costs =
    giftCardCodes.length > 0 && giftCardCheck
      ? {
          ...cart.costs,
          gift_cards_amount_applied: giftCardCheck.gift_cards_amount_applied,
          total_cost: giftCardCheck.total_cost,
        }
      : cart.costs;
  const ready = abandoned.is_ready_to_checkout;

  /** Checks `codes` on this cart; answers the refusal's message, or null once they are applied. */
  async function checkGiftCards(codes: string[]): Promise<string | null> {
    if (codes.length === 0) {
      setGiftCardCodes([]);
      setGiftCardCheck(null);
      return null;
    }
    const result = await api().checkGiftCards({ abandoned_cart_id: cartId, gift_card_codes: codes });
    if (result.kind === 'aborted') return null;
    if (result.kind === 'error') {
      return Object.values(result.error.fieldErrors ?? {})[0]?.[0] ?? result.error.message;
    }
    setGiftCardCodes(codes);
    setGiftCardCheck(result.data.data);
    setGiftCardError(null);
    return null;
  }

  // The cart's total moved (an add-on, the state's tax): what the cards pay moves with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the cart's total only
  useEffect(() => {
    if (giftCardCodes.length === 0) return;
    void checkGiftCards(giftCardCodes).then((problem) => {
      if (problem) setGiftCardError(problem);
    });
  }, [cartTotal]);

  // Spec section 2: checkout scrolls to the top, also when reached with the back button.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  // One initialized-checkout event per opening of the page (marketing, spec section 7).
  const initializedSent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per cart
  useEffect(() => {
    if (initializedSent.current) return;
    initializedSent.current = true;
    const source = `${window.location.origin}${window.location.pathname}`;
    void api()
      .initializedCheckout({ abandoned_cart_id: cartId, source_url: source })
      .then((result) => {
        if (result.kind === 'ok') trackInitializedCheckout(result.data.data.event_id, data.cart);
      });
  }, [cartId]);

  // Focus goes where the problem is, once it is on the page.
  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    const element = {
      date: dateErrorRef,
      payment: paymentErrorRef,
      promo: promoErrorRef,
      form: formErrorRef,
    }[target].current;
    element?.focus();
  }, [focusRequest]);

  function focusOn(target: FocusTarget) {
    setFocusRequest((previous) => ({ target, count: (previous?.count ?? 0) + 1 }));
  }

  /** Looks the zip code up, refreshes the dates, and moves the cart to it (its tax follows the state). */
  async function checkZip(zipCode: string): Promise<DeliveryOptions | null> {
    const lookup = ++zipLookup.current;
    setDeliveryLoading(true);
    const options = await fetchDeliveryOptions(zipCode, api());
    if (lookup !== zipLookup.current) return null;
    setDeliveryLoading(false);
    if (options === 'aborted') return null;
    setDelivery(options);
    if (options.place) fillCityOf(options.place.city);
    setDate((chosen) => keepOrFirstDate(options, chosen));
    setProblems((current) => ({ ...current, date: null }));
    if (options.status === 'ready' && zipCode !== abandoned.zip_code) {
      const saved = await saveCart({ zip_code: zipCode });
      if (saved.kind === 'error' && saved.error.kind === 'validation')
        setZipSaveError(placeServerErrors(saved.error.fieldErrors).fields.zip_code?.[0] ?? null);
    }
    return options;
  }

  /**
   * The city is the zip code's (the API refuses another, issue 30): a known zip fills it in, as if
   * typed, so the form's own check and the values Pay sends see it.
   */
  function fillCityOf(zipCity: string) {
    const form = document.getElementById(details.form.id) as HTMLFormElement | null;
    const input = form?.elements.namedItem('city');
    if (!(input instanceof HTMLInputElement) || isCityOfZip(input.value, zipCity)) return;
    input.value = zipCity;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  const zipValue = (details.fields.zip_code.value ?? '').trim();
  const zipProblem =
    delivery?.status === 'error' && delivery.zipCode === zipValue && !deliveryLoading
      ? delivery.message
      : zipSaveError;
  const zipField = details.bind(details.fields.zip_code, zipProblem);

  // Add-ons

  function upsellQuantity(sku: string): number {
    if (live) return cart.upsell_items.find((line) => line.sku === sku)?.quantity ?? 0;
    return data.upsellItems.find((item) => item.sku === sku)?.quantity ?? 0;
  }

  // Pay

  function settle(outcome: PayOutcome, submission: Submission<unknown>) {
    switch (outcome.kind) {
      case 'completed': {
        setPhase('completed');
        trackOrderCreated(outcome.checkout);
        // The cart became a subscription: forget it here (the new customer is signed in; the
        // success page's navigation re-reads who is signed in for the header).
        forgetCart();
        navigate(internalPath(outcome.checkout.redirect));
        return;
      }
      case 'email-in-use': {
        ui.setPanelOpen(false);
        const query = new URLSearchParams({ email: outcome.email, error: EMAIL_IN_USE_MESSAGE });
        navigate(`/onboarding/login?${query}`);
        return;
      }
      case 'cart-locked':
        navigate('/menus');
        return;
      case 'invalid': {
        const { gift_card_codes: giftCardProblems, ...otherErrors } = outcome.errors;
        if (giftCardProblems?.[0]) {
          setGiftCardError(giftCardProblems[0]);
          if (Object.keys(otherErrors).length === 0) {
            setProblems({ ...NO_PROBLEMS, form: [giftCardProblems[0]] });
            focusOn('form');
            return;
          }
        }
        const placed = placeServerErrors(otherErrors);
        const hasFields = Object.keys(placed.fields).length > 0;
        const placedSomewhere =
          hasFields || placed.date || placed.frequency || placed.payment || placed.promo;
        const formMessages = placed.form.length > 0 || placedSomewhere ? placed.form : [outcome.message];
        // Beside their fields: conform focuses the first of them, whose message stays shown.
        if (hasFields) setPayResult(submission.reply({ fieldErrors: placed.fields }));
        setProblems({
          date: placed.date,
          frequency: placed.frequency,
          payment: placed.payment,
          promo: placed.promo,
          form: formMessages,
        });
        // A date that closed while paying: offer the dates that are open now.
        if (placed.date) void checkZip(zipValue);
        if (hasFields) return;
        focusOn(placed.payment ? 'payment' : placed.date ? 'date' : placed.promo ? 'promo' : 'form');
        return;
      }
      case 'payment-error': {
        setProblems({ ...NO_PROBLEMS, payment: outcome.message });
        // Focus stays on the card field the card form focused for an unreadable card; a failed
        // 3-D Secure challenge (or anything else) moves it to the message, so keyboard and
        // screen-reader users land on what went wrong, not on the page's first link.
        const active = document.activeElement;
        const onCardField =
          active !== payButtonRef.current && (paymentRegionRef.current?.contains(active) ?? false);
        if (!(outcome.stage === 'card' && onCardField)) focusOn('payment');
        return;
      }
      case 'price-changed':
        // Nothing was charged: the costs and the Pay button show the saved cart's total (everything
        // typed stays), and the customer presses Pay again for it.
        revalidator.revalidate();
        void checkGiftCards(giftCardCodes);
        setProblems({ ...NO_PROBLEMS, form: [outcome.message] });
        focusOn('form');
        return;
      case 'conflict':
        // The price or the cart changed while paying: show what it is now, then they pay again.
        revalidator.revalidate();
        void checkGiftCards(giftCardCodes);
        setProblems({ ...NO_PROBLEMS, form: [outcome.message] });
        focusOn('form');
        return;
      case 'failed':
        setProblems({
          ...NO_PROBLEMS,
          form: outcome.retryable ? [outcome.message, RETRY_PAY_MESSAGE] : [outcome.message],
        });
        focusOn('form');
        return;
      case 'aborted':
        return;
    }
  }

  async function submit(formElement: HTMLFormElement) {
    // Double-click safe: one press at a time, decided before any render.
    if (busy.current || phase !== 'idle') return;
    busy.current = true;
    try {
      await payNow(formElement);
    } finally {
      busy.current = false;
    }
  }

  /** Runs once the schema accepted the form (conform refused it otherwise, focusing the first problem). */
  async function payNow(formElement: HTMLFormElement) {
    setProblems(NO_PROBLEMS);
    const submission = parseWithZod(new FormData(formElement), { schema });
    if (submission.status !== 'success') return;
    if (zipProblem !== null) {
      details.announce('zip_code');
      return;
    }
    if (!ready) {
      setProblems({ ...NO_PROBLEMS, form: [BOX_NOT_READY_MESSAGE] });
      focusOn('form');
      return;
    }

    setPhase('processing');
    let options = delivery;
    if (!options || options.zipCode !== zipValue) options = await checkZip(zipValue);
    if (options?.status !== 'ready') {
      setPhase('idle');
      details.announce('zip_code');
      return;
    }
    const firstDeliveryDate = keepOrFirstDate(options, date);
    if (!firstDeliveryDate || firstDeliveryDate !== date) {
      setPhase('idle');
      if (firstDeliveryDate) setDate(firstDeliveryDate);
      setProblems({ ...NO_PROBLEMS, date: CHOOSE_DATE_MESSAGE });
      focusOn('date');
      return;
    }

    const outcome = await pay(
      {
        abandonedCartId: cartId,
        cartUpdate: { ...submission.value, receives_sms_updates: receivesSms },
        firstDeliveryDate,
        frequencyWeeks: frequency,
        total,
        giftCardCodes,
      },
      {
        saveCart,
        complete: (body) => api().complete(body),
        checkGiftCards: (codes) =>
          api().checkGiftCards({ abandoned_cart_id: cartId, gift_card_codes: codes }),
        payment: paymentRef.current,
        newKey: newIdempotencyKey,
      },
      memory.current,
    );
    if (outcome.kind !== 'completed') setPhase('idle');
    settle(outcome, submission);
  }

  const upsellLines = cart.upsell_items;
  const freeTax = firstBoxTaxFree(cart);
  const formProblems = problems.form.length > 0 ? problems.form : (details.form.errors ?? []);

  return (
    <div className="checkout-page">
      <header className="checkout-page__intro">
        <p className="eyebrow">Almost there</p>
        <h1>Checkout</h1>
        <p>Tell us where to bring your box, pick the first delivery, and you're all set.</p>
      </header>

      <div className="checkout-page__grid">
        <form {...details.formProps} className="checkout-details" aria-label="Your details">
          <fieldset className="checkout-fieldset" disabled={processing}>
            <legend className="checkout-fieldset__legend">Contact</legend>
            <TextInput
              {...details.bind(details.fields.email)}
              label="Email address"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
            <div className="checkout-row">
              <TextInput
                {...details.bind(details.fields.first_name)}
                label="First name"
                autoComplete="given-name"
                required
              />
              <TextInput
                {...details.bind(details.fields.last_name)}
                label="Last name"
                autoComplete="family-name"
                required
              />
            </div>
          </fieldset>

          <fieldset className="checkout-fieldset" disabled={processing}>
            <legend className="checkout-fieldset__legend">Delivery address</legend>
            <TextInput
              {...details.bind(details.fields.address_line_1)}
              label="Address"
              autoComplete="address-line1"
              required
            />
            <TextInput
              {...details.bind(details.fields.address_line_2)}
              label="Apartment, suite, etc. (optional)"
              autoComplete="address-line2"
            />
            <div className="checkout-row">
              <TextInput
                {...details.bind(details.fields.city)}
                label="City"
                autoComplete="address-level2"
                required
              />
              <TextInput
                {...zipField}
                onInput={() => {
                  zipField.onInput();
                  setZipSaveError(null);
                }}
                onBlur={(event) => {
                  // Looked up when left (decision 013): the city, the dates, and the state's tax.
                  const value = event.currentTarget.value.trim();
                  if (zipCodeText.safeParse(value).success && value !== delivery?.zipCode)
                    void checkZip(value);
                }}
                label="Zip code"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={5}
                required
              />
            </div>
            <p className="checkout-zip" aria-live="polite">
              {deliveryLoading
                ? 'Checking your zip code…'
                : delivery?.place && delivery.zipCode === zipValue
                  ? `${delivery.place.city}, ${delivery.place.stateCode}${delivery.status === 'ready' ? ' · we deliver here' : ''}`
                  : ''}
            </p>
            <TextInput
              {...details.bind(details.fields.phone)}
              label="Phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
            />
            <TextInput
              {...details.bind(details.fields.delivery_instructions)}
              label="Delivery instructions (optional)"
              maxLength={500}
            />
            <label className="checkout-checkbox">
              <input
                type="checkbox"
                name="receives_sms_updates"
                value="true"
                checked={receivesSms}
                onChange={(event) => setReceivesSms(event.target.checked)}
              />
              <span>
                Text me delivery updates
                <span className="checkout-checkbox__hint">
                  Message and data rates may apply. Reply STOP to opt out.
                </span>
              </span>
            </label>
          </fieldset>

          {/* Always shown: a password saved by an earlier Pay (a declined card, a reload) stays
              changeable here, never kept on the cart out of sight (issue 30). */}
          <fieldset className="checkout-fieldset" disabled={processing}>
            <legend className="checkout-fieldset__legend">Create your account</legend>
            <p className="checkout-fieldset__hint" id="checkout-password-hint">
              {askPassword
                ? 'At least 8 characters. You will use it to manage your deliveries.'
                : SAVED_PASSWORD_HINT}
            </p>
            <PasswordInput
              {...details.bind(details.fields.password)}
              label={askPassword ? 'Password' : 'New password (optional)'}
              autoComplete="new-password"
              aria-describedby="checkout-password-hint"
              required={askPassword}
            />
          </fieldset>

          <DeliverySchedule
            delivery={delivery}
            loading={deliveryLoading}
            date={date}
            onDateChange={(value) => {
              setDate(value);
              setProblems((current) => ({ ...current, date: null }));
            }}
            frequency={frequency}
            onFrequencyChange={(weeks) => {
              if (isFrequency(weeks)) setFrequency(weeks);
              setProblems((current) => ({ ...current, frequency: null }));
            }}
            dateError={problems.date}
            frequencyError={problems.frequency}
            dateErrorRef={dateErrorRef}
            disabled={processing}
          />
        </form>

        <UpsellCarousel items={data.upsellItems} quantityOf={upsellQuantity} disabled={processing} />

        <OrderSummary
          planName={abandoned.plan?.name ?? null}
          itemCount={cart.item_count}
          threshold={cart.threshold}
          lines={cart.items}
          upsellLines={upsellLines}
          costs={costs}
          discountDescription={discountDescription(cart)}
          frequency={frequency}
          partnershipDescription={abandoned.partnership?.description ?? null}
          referrerName={referrerName(abandoned.referrer)}
          freeTax={freeTax}
          promoError={problems.promo}
          promoErrorRef={promoErrorRef}
        />

        <section ref={paymentRegionRef} className="checkout-payment" aria-labelledby="checkout-payment-title">
          <h2 id="checkout-payment-title" className="checkout-section__title">
            Payment
          </h2>
          <GiftCardCodes
            check={giftCardCodes.length > 0 ? giftCardCheck : null}
            error={giftCardError}
            disabled={processing}
            onApply={(code) => checkGiftCards([...giftCardCodes.filter((known) => known !== code), code])}
            onRemove={(code) => {
              setGiftCardError(null);
              void checkGiftCards(giftCardCodes.filter((known) => known !== code));
            }}
          />
          {total > 0 ? null : (
            // Nothing is charged today, yet the card is asked for: the next boxes are charged to it.
            <p className="checkout-payment__covered" data-first-box-free>
              {costs.gift_cards_amount_applied > 0
                ? FIRST_BOX_PAID_BY_GIFT_CARDS_MESSAGE
                : FIRST_BOX_FREE_MESSAGE}
            </p>
          )}
          <PaymentFields
            ref={paymentRef}
            config={data.paymentConfig}
            amountCents={dollarsToCents(total)}
            disabled={processing}
          />
          {problems.payment ? (
            <p
              className="checkout-error checkout-payment__error"
              ref={paymentErrorRef}
              tabIndex={-1}
              role="alert"
            >
              {problems.payment}
            </p>
          ) : null}
          <div className="checkout-payment__messages" ref={formErrorRef} tabIndex={-1}>
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
            {actionData?.notice && !processing ? <p role="status">{actionData.notice}</p> : null}
          </div>
          <button
            ref={payButtonRef}
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
            Your plan renews {frequency === 1 ? 'every week' : `every ${frequency} weeks`} until you skip,
            pause or cancel in your account. You are charged before each delivery.
          </p>
        </section>
      </div>
    </div>
  );
}
