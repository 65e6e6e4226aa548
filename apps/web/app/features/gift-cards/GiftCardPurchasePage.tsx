import {
  formatCalendarDay,
  formatMoney,
  GIFT_CARD_DELIVERY_DATE_HINT,
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
} from '@sprout/contracts';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { newIdempotencyKey } from '../checkout/pay';
import { TextInput } from '../forms/TextInput';
import { useHydrated } from '../forms/useHydrated';
import { useCommittedChange } from '../forms/validation-events';
import { PaymentFields, type PaymentFieldsHandle } from '../payments/PaymentFields';
import type { GiftCardPageData, PurchaseActionData } from './gift-cards.server';
import { CUSTOM_AMOUNT, deliveryDateBounds, type PurchaseErrors, type PurchaseField } from './purchase-form';
import './gift-cards.css';

const DEFAULT_AMOUNT = '50';
const FORM_ID = 'gift-card-purchase';

/**
 * The schema check (zod) is not part of the page's first load: it is fetched when the visitor
 * first focuses the form, and awaited on submit in case they submit without focusing anything.
 */
let validation: Promise<typeof import('./purchase-validation')> | null = null;
function loadValidation() {
  validation ??= import('./purchase-validation').catch((error: unknown) => {
    validation = null; // a failed download is tried again on the next submit
    throw error;
  });
  return validation;
}
const VALIDATION_UNAVAILABLE = 'We could not check the form. Check your connection and try again.';

const describeDay = (day: string) => formatCalendarDay(day, { year: true });

/**
 * /gift-cards (and /gift-cards/index-old in the blog layout): choose an amount, say who it is for
 * and when it arrives, see the promotion it earns, and pay. The card number goes only to the
 * payment provider's own form (the same PaymentFields as checkout); the route's action receives
 * its token. Paying needs JavaScript for that reason; everything else is a plain form.
 */
export function GiftCardPurchasePage({ data }: { data: GiftCardPageData }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<PurchaseActionData>({ key: 'gift-card-purchase' });
  const fieldsRef = useRef<PaymentFieldsHandle>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState(DEFAULT_AMOUNT);
  const [customAmount, setCustomAmount] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<PurchaseErrors>({});
  const [creating, setCreating] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const [done, setDone] = useState<{
    recipient: string;
    recipientEmail: string;
    date: string;
    amount: number;
    bonus: number;
    senderEmail: string | null;
  } | null>(null);
  const senderEmailRef = useRef<string | null>(null);
  // Set while the validation module loads on submit, so a second press does not submit twice.
  const checkingRef = useRef(false);
  const bounds = deliveryDateBounds(data.today);

  const amount = Number(choice === CUSTOM_AMOUNT ? customAmount : choice);
  const validAmount =
    Number.isInteger(amount) && amount >= GIFT_CARD_MIN_DOLLARS && amount <= GIFT_CARD_MAX_DOLLARS;
  const now = Date.now();
  const livePromotions = data.promotions.filter(
    (promotion) => Date.parse(promotion.starts_at) <= now && now < Date.parse(promotion.ends_at),
  );
  const bonus = validAmount
    ? livePromotions
        .filter((promotion) => amount >= promotion.min_amount)
        .reduce((best, promotion) => Math.max(best, promotion.bonus_amount), 0)
    : 0;
  const busy = creating || authenticating || fetcher.state !== 'idle';

  // The action's answer: done, a bank's step to take, or messages beside the fields.
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to each answer once
  useEffect(() => {
    if (!answer) return;
    if (!answer.ok) {
      setErrors(answer.errors);
      return;
    }
    const { purchase } = answer;
    if (answer.senderEmail) senderEmailRef.current = answer.senderEmail;
    if (purchase.status === 'paid') {
      setDone({
        recipient: purchase.recipient_name,
        recipientEmail: purchase.recipient_email,
        date: purchase.delivery_date,
        amount: purchase.amount,
        bonus: purchase.bonus_amount,
        senderEmail: senderEmailRef.current,
      });
      return;
    }
    if (purchase.status === 'requires_action' && purchase.payment_intent?.client_secret) {
      void authenticate(
        purchase.payment_intent.id,
        purchase.payment_intent.client_secret,
        purchase.payment_intent.amount,
      );
      return;
    }
    setErrors({ payment_method_id: purchase.message ?? 'Your card was declined. Please use another card.' });
  }, [answer]);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  useEffect(() => {
    if (errors.form || errors.payment_method_id) errorRef.current?.focus();
  }, [errors]);

  async function authenticate(paymentIntentId: string, clientSecret: string, intentAmount: number) {
    const handle = fieldsRef.current;
    if (!handle) return;
    setAuthenticating(true);
    const outcome = await handle.handleNextAction({ paymentIntentId, clientSecret, amount: intentAmount });
    setAuthenticating(false);
    if ('error' in outcome) {
      setErrors({ payment_method_id: outcome.error });
      return;
    }
    fetcher.submit({ intent: 'confirm', payment_intent_id: paymentIntentId }, { method: 'post' });
  }

  /** A field checked when it is left or its change committed (not per keystroke); submit checks them all. */
  async function check(control: string | null) {
    const form = formRef.current;
    if (!control || !form) return;
    let checks: Awaited<ReturnType<typeof loadValidation>>;
    try {
      checks = await loadValidation();
    } catch {
      return; // submit says so
    }
    const verdict = checks.controlCheck(new FormData(form), control);
    if (!verdict) return;
    setErrors(({ [verdict.field]: _, ...others }) =>
      verdict.error ? { ...others, [verdict.field]: verdict.error } : others,
    );
  }
  useCommittedChange(FORM_ID, (control) => void check(control));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || checkingRef.current) return;
    const form = new FormData(event.currentTarget);
    checkingRef.current = true;
    let checks: Awaited<ReturnType<typeof loadValidation>>;
    try {
      checks = await loadValidation();
    } catch {
      setErrors({ form: VALIDATION_UNAVAILABLE });
      return;
    } finally {
      checkingRef.current = false;
    }
    const problems = checks.purchaseFormErrors(form, { senderEmailRequired: true });
    if (problems) {
      setErrors(problems);
      const first = Object.keys(problems)[0] as PurchaseField;
      formRef.current
        ?.querySelector<HTMLElement>(`[name="${first === 'amount' ? 'custom_amount' : first}"]`)
        ?.focus();
      return;
    }
    setErrors({});
    setCreating(true);
    const created = await fieldsRef.current?.createPaymentMethod();
    setCreating(false);
    if (!created) return;
    if ('error' in created) {
      setErrors({ payment_method_id: created.error });
      return;
    }
    form.set('payment_method_id', created.id);
    form.set('idempotency_key', newIdempotencyKey());
    form.set('intent', 'purchase');
    fetcher.submit(form, { method: 'post' });
  }

  if (done) {
    const today = done.date <= data.today;
    return (
      <div className="gift-cards-page">
        <section className="gift-cards-done" aria-labelledby="gift-card-done-title">
          <h1 id="gift-card-done-title" ref={doneRef} tabIndex={-1}>
            Thank you! Your gift card is paid
          </h1>
          <p>
            {formatMoney(done.amount)} for {done.recipient}:{' '}
            {today
              ? `we have emailed it to ${done.recipientEmail}.`
              : `we will email it to ${done.recipientEmail} on ${describeDay(done.date)}.`}
          </p>
          {done.senderEmail ? <p>Your receipt is on its way to {done.senderEmail}.</p> : null}
          {done.bonus > 0 ? (
            <p>Your {formatMoney(done.bonus)} bonus gift card is in a separate email, for you to enjoy.</p>
          ) : null}
          <button type="button" className="button button--secondary" onClick={() => setDone(null)}>
            Buy another gift card
          </button>
        </section>
      </div>
    );
  }

  const fieldError = (field: PurchaseField) => errors[field] ?? null;

  return (
    <div className="gift-cards-page">
      <header className="gift-cards-page__intro">
        <p className="eyebrow">Give good food</p>
        <h1>Gift cards</h1>
        <p>
          Organic meals and snacks for a family you love. They choose their plan and their meals; the card
          pays their first boxes and, added to their account, the ones after.
        </p>
      </header>

      {livePromotions.length > 0 ? (
        <aside className="gift-cards-promotions" aria-label="Gift card promotions">
          <ul>
            {livePromotions.map((promotion) => (
              <li key={promotion.id}>
                <strong>{promotion.description}</strong>{' '}
                <span className="gift-cards-muted">
                  (until {describeDay(promotion.ends_at.slice(0, 10))})
                </span>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}

      <form
        ref={formRef}
        id={FORM_ID}
        method="post"
        className="gift-cards-form"
        noValidate
        aria-label="Buy a gift card"
        onSubmit={(event) => void submit(event)}
        onFocus={() => void loadValidation()}
        onBlur={(event) => void check(event.target.getAttribute('name'))}
      >
        <input type="hidden" name="intent" value="purchase" />
        <fieldset className="gift-cards-fieldset" disabled={busy}>
          <legend>Amount</legend>
          <div className="gift-cards-amounts">
            {data.suggestions.map((suggestion) => (
              <label key={suggestion.amount} className="gift-cards-amount">
                <input
                  type="radio"
                  name="amount_choice"
                  value={String(suggestion.amount)}
                  checked={choice === String(suggestion.amount)}
                  onChange={() => setChoice(String(suggestion.amount))}
                />
                <span>{suggestion.label}</span>
              </label>
            ))}
            <label className="gift-cards-amount">
              <input
                type="radio"
                name="amount_choice"
                value={CUSTOM_AMOUNT}
                checked={choice === CUSTOM_AMOUNT}
                onChange={() => setChoice(CUSTOM_AMOUNT)}
              />
              <span>Other amount</span>
            </label>
          </div>
          {choice === CUSTOM_AMOUNT || !hydrated ? (
            <TextInput
              name="custom_amount"
              label={`Other amount ($${GIFT_CARD_MIN_DOLLARS} to $${GIFT_CARD_MAX_DOLLARS})`}
              inputMode="numeric"
              prefix="$"
              value={customAmount}
              onValueChange={setCustomAmount}
              error={fieldError('amount')}
            />
          ) : fieldError('amount') ? (
            <p className="gift-cards-error">{fieldError('amount')}</p>
          ) : null}
        </fieldset>

        <fieldset className="gift-cards-fieldset" disabled={busy}>
          <legend>Who it is for</legend>
          <div className="gift-cards-row">
            <TextInput
              name="recipient_name"
              label="Recipient's name"
              autoComplete="off"
              required
              error={fieldError('recipient_name')}
            />
            <TextInput
              name="recipient_email"
              label="Recipient's email"
              type="email"
              autoComplete="off"
              required
              error={fieldError('recipient_email')}
            />
          </div>
          <div className="gift-cards-row">
            <TextInput
              name="sender_name"
              defaultValue={data.buyer?.name ?? ''}
              label="Your name"
              autoComplete="name"
              required
              error={fieldError('sender_name')}
            />
            <TextInput
              name="sender_email"
              defaultValue={data.buyer?.email ?? ''}
              label="Your email (for the receipt)"
              type="email"
              autoComplete="email"
              required
              error={fieldError('sender_email')}
            />
          </div>
          <div className="gift-cards-message">
            <label htmlFor="gift-card-message">Message (optional)</label>
            <textarea
              id="gift-card-message"
              name="message"
              rows={4}
              maxLength={GIFT_CARD_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-describedby="gift-card-message-count"
              aria-invalid={errors.message ? true : undefined}
            />
            <p id="gift-card-message-count" className="gift-cards-muted">
              {message.length} of {GIFT_CARD_MESSAGE_MAX} characters
            </p>
            {errors.message ? <p className="gift-cards-error">{errors.message}</p> : null}
          </div>
          <TextInput
            name="delivery_date"
            label="Delivery date"
            type="date"
            defaultValue={data.today}
            min={bounds.min}
            max={bounds.max}
            required
            error={fieldError('delivery_date')}
          />
          <p className="gift-cards-muted">{GIFT_CARD_DELIVERY_DATE_HINT}</p>
        </fieldset>

        <section className="gift-cards-payment" aria-labelledby="gift-card-payment-title">
          <h2 id="gift-card-payment-title">Payment</h2>
          <dl className="gift-cards-summary" aria-label="Your gift card">
            <div>
              <dt>Gift card</dt>
              <dd>{validAmount ? formatMoney(amount) : '—'}</dd>
            </div>
            {bonus > 0 ? (
              <div className="gift-cards-summary__bonus">
                <dt>Bonus card for you</dt>
                <dd>{formatMoney(bonus)}</dd>
              </div>
            ) : null}
            <div className="gift-cards-summary__total">
              <dt>You pay</dt>
              <dd>{validAmount ? formatMoney(amount) : '—'}</dd>
            </div>
          </dl>
          {hydrated ? (
            <PaymentFields
              ref={fieldsRef}
              config={data.paymentConfig}
              amountCents={validAmount ? amount * 100 : 0}
              disabled={busy}
            />
          ) : (
            <p className="gift-cards-muted">
              Paying needs JavaScript: the card goes straight to our payment provider.
            </p>
          )}
          <div ref={errorRef} tabIndex={-1}>
            {errors.payment_method_id || errors.form ? (
              <p className="gift-cards-error" role="alert">
                {errors.payment_method_id ?? errors.form}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            className="button button--primary button--large"
            aria-busy={busy}
            disabled={busy || !hydrated}
          >
            {busy ? 'Processing…' : validAmount ? `Pay ${formatMoney(amount)}` : 'Pay'}
          </button>
        </section>
      </form>
    </div>
  );
}
