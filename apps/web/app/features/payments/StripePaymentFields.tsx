import { CARD_DECLINED_MESSAGE, DECLINE_MESSAGES } from '@sprout/contracts';
import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { PaymentFieldsHandle } from './payment-fields-handle';

export const STRIPE_LOADING_MESSAGE = 'The payment form is still loading. Please try again in a moment.';
export const STRIPE_UNAVAILABLE_MESSAGE =
  'We could not load the payment form. Please check your connection and reload the page.';

type Loaded = { stripe: Stripe; elements: StripeElements; element: StripePaymentElement };

/**
 * Stripe.js's 3-D Secure step for a server-confirmed intent (or a $0 first box's setup: Stripe.js
 * tells them apart by the client secret), read as ok or the customer-facing error. Checkout's card
 * fields and a renewal's confirmation page (decision 041) both run it.
 */
export async function stripeNextAction(
  stripe: Stripe,
  clientSecret: string,
): Promise<{ ok: true } | { error: string }> {
  const { error, paymentIntent, setupIntent } = await stripe.handleNextAction({ clientSecret });
  if (error) return { error: error.message ?? DECLINE_MESSAGES.authentication_failed };
  if (setupIntent) {
    if (setupIntent.status === 'succeeded') return { ok: true };
    return { error: setupIntent.last_setup_error?.message ?? DECLINE_MESSAGES.authentication_failed };
  }
  if (paymentIntent?.status === 'requires_capture' || paymentIntent?.status === 'succeeded') {
    return { ok: true };
  }
  return {
    error: paymentIntent?.last_payment_error?.message ?? DECLINE_MESSAGES.authentication_failed,
  };
}

/**
 * Stripe's Payment Element in deferred-intent mode: the card is collected and turned into a
 * PaymentMethod in the browser; the server creates and confirms the manual-capture PaymentIntent,
 * or, when nothing is due today (a first box that costs $0), the SetupIntent that saves the card
 * for the next boxes (the element in `setup` mode then: decision 036). Stripe.js is imported only
 * here, lazily, so the test provider's pages never load it.
 */
export function StripePaymentFields({
  publishableKey,
  amountCents,
  disabled = false,
  ref,
}: {
  publishableKey: string | null;
  amountCents: number;
  disabled?: boolean;
  ref?: Ref<PaymentFieldsHandle>;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const loadedRef = useRef<Loaded | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The amount when the element is created; later changes go through elements.update below.
  const initialAmount = useRef(amountCents);
  initialAmount.current = amountCents;
  // Payment or setup is the element's mode, fixed when it is made: a change of mode (gift cards now
  // cover the whole box) makes the element again.
  const mode = amountCents > 0 ? 'payment' : 'setup';

  useEffect(() => {
    let stopped = false;
    let mounted: StripePaymentElement | null = null;
    async function load() {
      if (!publishableKey) throw new Error('Stripe needs a publishable key');
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (stopped) return;
      if (!stripe || !containerRef.current) throw new Error('Stripe.js did not load');
      const appearance = {
        theme: 'stripe' as const,
        variables: { colorPrimary: '#2f6b4f', borderRadius: '10px' },
      };
      const elements = stripe.elements(
        mode === 'payment'
          ? {
              mode: 'payment',
              amount: initialAmount.current,
              currency: 'usd',
              captureMethod: 'manual',
              paymentMethodCreation: 'manual',
              appearance,
            }
          : { mode: 'setup', currency: 'usd', paymentMethodCreation: 'manual', appearance },
      );
      const element = elements.create('payment', { layout: 'tabs' });
      element.on('ready', () => {
        if (!stopped) setState('ready');
      });
      element.mount(containerRef.current);
      mounted = element;
      loadedRef.current = { stripe, elements, element };
    }
    load().catch(() => {
      if (!stopped) setState('failed');
    });
    return () => {
      stopped = true;
      loadedRef.current = null;
      mounted?.destroy();
    };
  }, [publishableKey, mode]);

  useEffect(() => {
    if (amountCents > 0) void loadedRef.current?.elements.update({ amount: amountCents });
  }, [amountCents]);

  useEffect(() => {
    loadedRef.current?.element.update({ readOnly: disabled });
  }, [disabled]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const loaded = loadedRef.current;
        if (!loaded)
          return { error: state === 'failed' ? STRIPE_UNAVAILABLE_MESSAGE : STRIPE_LOADING_MESSAGE };
        // Validates the fields (Stripe shows field errors inline) and collects wallet details.
        const submitted = await loaded.elements.submit();
        if (submitted.error) return { error: submitted.error.message ?? CARD_DECLINED_MESSAGE };
        const { error, paymentMethod } = await loaded.stripe.createPaymentMethod({
          elements: loaded.elements,
        });
        if (error || !paymentMethod) return { error: error?.message ?? CARD_DECLINED_MESSAGE };
        return { id: paymentMethod.id };
      },
      async handleNextAction({ clientSecret }) {
        const loaded = loadedRef.current;
        if (!loaded) return { error: STRIPE_UNAVAILABLE_MESSAGE };
        return stripeNextAction(loaded.stripe, clientSecret);
      },
    }),
    [state],
  );

  return (
    <div className="payment-fields payment-fields--stripe" aria-busy={state === 'loading' || undefined}>
      <div ref={containerRef} />
      {state === 'loading' ? (
        <p className="payment-fields__status">Loading the secure payment form…</p>
      ) : null}
      {state === 'failed' ? <p className="payment-fields__status">{STRIPE_UNAVAILABLE_MESSAGE}</p> : null}
    </div>
  );
}
