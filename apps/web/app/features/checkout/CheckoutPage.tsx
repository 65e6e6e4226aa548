import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  type DeliveryFrequencyWeeks,
  isCityOfZip,
  referrerName,
  type UpdateAbandonedCartBody,
  zipCodeText,
} from '@sprout/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { CheckoutLoaderData } from '../../routes/onboarding.checkout.server';
import { discountDescription, firstBoxTaxFree } from '../cart/lines';
import { forgetCart } from '../cart/storage';
import { useCartUi, useCartView } from '../cart/useCart';
import { type FormActionData, useContractForm } from '../forms/useContractForm';
import type { PaymentFieldsHandle } from '../payments/PaymentFields';
import { trackInitializedCheckout, trackOrderCreated } from './analytics';
import { AddressFieldset, ContactFieldset, PasswordFieldset } from './CheckoutSections';
import { type CheckoutApi, createCheckoutApi } from './checkout-api';
import { DeliverySchedule } from './DeliverySchedule';
import { type DeliveryOptions, keepOrFirstDate } from './delivery';
import { checkoutDefaults, checkoutDetailsSchema, placeServerErrors } from './details';
import { isFrequency } from './format';
import { OrderSummary } from './OrderSummary';
import { BOX_NOT_READY_MESSAGE, PaymentSection } from './PaymentSection';
import { AttemptMemory, newIdempotencyKey, type PayOutcome, pay } from './pay';
import { NO_PROBLEMS, type Problems, settlementOf } from './pay-settlement';
import { UpsellCarousel } from './UpsellCarousel';
import { useDeliveryLookup, useGiftCards, useProblemFocus } from './useCheckoutParts';

export const CHOOSE_DATE_MESSAGE = 'Choose your first delivery date';

/**
 * /onboarding/checkout (decision 013): contact and delivery details, first delivery date and
 * frequency, add-ons, the promo code, the order's costs, the card, and Pay. The page renders from
 * the loader's cart on the server; once the cart store has the same cart, its answers (promo
 * codes, add-ons, box changes in the cart panel) drive the costs. Its parts: the sections
 * (CheckoutSections, PaymentSection), the lookups (useCheckoutParts), Pay (pay.ts) and what the
 * page does with Pay's outcome (pay-settlement.ts).
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
  const deliveryLookup = useDeliveryLookup(data.delivery, api);
  const { delivery, date, setDate } = deliveryLookup;
  const deliveryLoading = deliveryLookup.loading;
  const [frequency, setFrequency] = useState<DeliveryFrequencyWeeks>(1);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [phase, setPhase] = useState<'idle' | 'processing' | 'completed'>('idle');
  const { refs: problemRefs, focusOn } = useProblemFocus();

  const busy = useRef(false);
  const memory = useRef(new AttemptMemory());
  const paymentRef = useRef<PaymentFieldsHandle>(null);
  const paymentRegionRef = useRef<HTMLElement>(null);
  const payButtonRef = useRef<HTMLButtonElement>(null);

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
  const giftCards = useGiftCards(api, cartId, cartTotal);
  const total = giftCards.check ? giftCards.check.total_cost : cartTotal;
  const costs = giftCards.check
    ? {
        ...cart.costs,
        gift_cards_amount_applied: giftCards.check.gift_cards_amount_applied,
        total_cost: giftCards.check.total_cost,
      }
    : cart.costs;
  const ready = abandoned.is_ready_to_checkout;

  // Checkout scrolls to the top, also when reached with the back button.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  // One initialized-checkout event per opening of the page (marketing).
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

  /** Looks the zip code up, refreshes the dates, and moves the cart to it (its tax follows the state). */
  async function checkZip(zipCode: string): Promise<DeliveryOptions | null> {
    const options = await deliveryLookup.lookUpZip(zipCode);
    if (!options) return null;
    if (options.place) fillCityOf(options.place.city);
    setProblems((current) => ({ ...current, date: null }));
    if (options.status === 'ready' && zipCode !== abandoned.zip_code) {
      const saved = await saveCart({ zip_code: zipCode });
      if (saved.kind === 'error' && saved.error.kind === 'validation')
        setZipSaveError(placeServerErrors(saved.error.fieldErrors).fields.zip_code?.[0] ?? null);
    }
    return options;
  }

  /**
   * The city is the zip code's (the API refuses another, decision 045): a known zip fills it in, as
   * if typed, so the form's own check and the values Pay sends see it.
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
  const zipStatus = deliveryLoading
    ? 'Checking your zip code…'
    : delivery?.place && delivery.zipCode === zipValue
      ? `${delivery.place.city}, ${delivery.place.stateCode}${delivery.status === 'ready' ? ' · we deliver here' : ''}`
      : '';

  // Add-ons

  function upsellQuantity(sku: string): number {
    if (live) return cart.upsell_items.find((line) => line.sku === sku)?.quantity ?? 0;
    return data.upsellItems.find((item) => item.sku === sku)?.quantity ?? 0;
  }

  // Pay

  /** Carries out what pay-settlement.ts decided for Pay's outcome. */
  function settle(outcome: PayOutcome, submission: Submission<unknown>) {
    const settlement = settlementOf(outcome);
    switch (settlement.kind) {
      case 'completed':
        setPhase('completed');
        trackOrderCreated(settlement.checkout);
        // The cart became a subscription: forget it here (the new customer is signed in; the
        // success page's navigation re-reads who is signed in for the header).
        forgetCart();
        navigate(settlement.to);
        return;
      case 'leave':
        if (settlement.closeCartPanel) ui.setPanelOpen(false);
        navigate(settlement.to);
        return;
      case 'show': {
        if (settlement.giftCardError !== undefined) giftCards.setError(settlement.giftCardError);
        if (settlement.fieldErrors) setPayResult(submission.reply({ fieldErrors: settlement.fieldErrors }));
        setProblems(settlement.problems);
        if (settlement.refresh) {
          revalidator.revalidate();
          void giftCards.apply(giftCards.codes);
        }
        if (settlement.recheckZip) void checkZip(zipValue);
        if (!settlement.focus) return;
        if (settlement.keepCardFieldFocus) {
          const active = document.activeElement;
          const onCardField =
            active !== payButtonRef.current && (paymentRegionRef.current?.contains(active) ?? false);
          if (onCardField) return;
        }
        focusOn(settlement.focus);
        return;
      }
      case 'nothing':
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
        giftCardCodes: giftCards.codes,
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

  const formProblems = problems.form.length > 0 ? problems.form : (details.form.errors ?? []);
  const bind = details.bind;
  const fields = details.fields;

  return (
    <div className="checkout-page">
      <header className="checkout-page__intro">
        <p className="eyebrow">Almost there</p>
        <h1>Checkout</h1>
        <p>Tell us where to bring your box, pick the first delivery, and you're all set.</p>
      </header>

      <div className="checkout-page__grid">
        <form {...details.formProps} className="checkout-details" aria-label="Your details">
          <ContactFieldset
            disabled={processing}
            email={bind(fields.email)}
            firstName={bind(fields.first_name)}
            lastName={bind(fields.last_name)}
          />
          <AddressFieldset
            disabled={processing}
            addressLine1={bind(fields.address_line_1)}
            addressLine2={bind(fields.address_line_2)}
            city={bind(fields.city)}
            zip={bind(fields.zip_code, zipProblem)}
            phone={bind(fields.phone)}
            instructions={bind(fields.delivery_instructions)}
            onZipInput={() => setZipSaveError(null)}
            onZipLeft={(value) => {
              // Looked up when left (decision 013): the city, the dates, and the state's tax.
              if (zipCodeText.safeParse(value).success && value !== delivery?.zipCode) void checkZip(value);
            }}
            zipStatus={zipStatus}
            receivesSms={receivesSms}
            onReceivesSmsChange={setReceivesSms}
          />
          <PasswordFieldset
            disabled={processing}
            askPassword={askPassword}
            password={bind(fields.password)}
          />
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
            dateErrorRef={problemRefs.date}
            disabled={processing}
          />
        </form>

        <UpsellCarousel items={data.upsellItems} quantityOf={upsellQuantity} disabled={processing} />

        <OrderSummary
          planName={abandoned.plan?.name ?? null}
          itemCount={cart.item_count}
          threshold={cart.threshold}
          lines={cart.items}
          upsellLines={cart.upsell_items}
          costs={costs}
          discountDescription={discountDescription(cart)}
          frequency={frequency}
          partnershipDescription={abandoned.partnership?.description ?? null}
          referrerName={referrerName(abandoned.referrer)}
          freeTax={firstBoxTaxFree(cart)}
          promoError={problems.promo}
          promoErrorRef={problemRefs.promo}
        />

        <PaymentSection
          regionRef={paymentRegionRef}
          paymentRef={paymentRef}
          paymentErrorRef={problemRefs.payment}
          formErrorRef={problemRefs.form}
          payButtonRef={payButtonRef}
          giftCards={{
            check: giftCards.check,
            error: giftCards.error,
            onApply: (code) => giftCards.apply([...giftCards.codes.filter((known) => known !== code), code]),
            onRemove: (code) => {
              giftCards.setError(null);
              void giftCards.apply(giftCards.codes.filter((known) => known !== code));
            },
          }}
          total={total}
          giftCardsApplied={costs.gift_cards_amount_applied}
          paymentConfig={data.paymentConfig}
          paymentProblem={problems.payment}
          formProblems={formProblems}
          ready={ready}
          notice={actionData?.notice ?? null}
          processing={processing}
          frequency={frequency}
        />
      </div>
    </div>
  );
}
