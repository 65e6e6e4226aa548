import type { GiftCardCheck } from '@sprout/contracts';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { CheckoutApi } from './checkout-api';
import { type DeliveryOptions, fetchDeliveryOptions, keepOrFirstDate } from './delivery';
import type { FocusTarget } from './pay-settlement';

/**
 * The delivery dates of the zip code typed, and the first date chosen among them. A lookup that a
 * later one overtook (the zip was typed again meanwhile) changes nothing.
 */
export function useDeliveryLookup(initial: DeliveryOptions | null, api: () => CheckoutApi) {
  const [delivery, setDelivery] = useState<DeliveryOptions | null>(initial);
  const [loading, setLoading] = useState(false);
  const [date, setDate] = useState<string | null>(() => (initial ? keepOrFirstDate(initial, null) : null));
  const lookups = useRef(0);

  /** The zip's options, or null when the lookup was aborted or overtaken. */
  async function lookUpZip(zipCode: string): Promise<DeliveryOptions | null> {
    const lookup = ++lookups.current;
    setLoading(true);
    const options = await fetchDeliveryOptions(zipCode, api());
    if (lookup !== lookups.current) return null;
    setLoading(false);
    if (options === 'aborted') return null;
    setDelivery(options);
    setDate((chosen) => keepOrFirstDate(options, chosen));
    return options;
  }

  return { delivery, loading, date, setDate, lookUpZip };
}

/**
 * Gift cards on the checkout (decision 024): checked against the cart, they pay after every other
 * discount. When the cart's total moves (an add-on, the state's tax) what they pay is asked again.
 */
export function useGiftCards(api: () => CheckoutApi, cartId: string, cartTotal: number) {
  const [codes, setCodes] = useState<string[]>([]);
  const [check, setCheck] = useState<GiftCardCheck | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Checks `next` on this cart; answers the refusal's message, or null once they are applied. */
  async function apply(next: string[]): Promise<string | null> {
    if (next.length === 0) {
      setCodes([]);
      setCheck(null);
      return null;
    }
    const result = await api().checkGiftCards({ abandoned_cart_id: cartId, gift_card_codes: next });
    if (result.kind === 'aborted') return null;
    if (result.kind === 'error') {
      return Object.values(result.error.fieldErrors ?? {})[0]?.[0] ?? result.error.message;
    }
    setCodes(next);
    setCheck(result.data.data);
    setError(null);
    return null;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the cart's total only
  useEffect(() => {
    if (codes.length === 0) return;
    void apply(codes).then((problem) => {
      if (problem) setError(problem);
    });
  }, [cartTotal]);

  return {
    codes,
    /** The check of the codes applied (null without codes). */
    check: codes.length > 0 ? check : null,
    error,
    setError,
    apply,
  };
}

/** Where each problem is shown, for focus to go to it once it is on the page. */
export type ProblemRefs = {
  date: RefObject<HTMLParagraphElement | null>;
  payment: RefObject<HTMLParagraphElement | null>;
  promo: RefObject<HTMLParagraphElement | null>;
  form: RefObject<HTMLDivElement | null>;
};

/** Focus goes where the problem is, once it is rendered (a second request for the same place counts). */
export function useProblemFocus() {
  const refs: ProblemRefs = {
    date: useRef<HTMLParagraphElement>(null),
    payment: useRef<HTMLParagraphElement>(null),
    promo: useRef<HTMLParagraphElement>(null),
    form: useRef<HTMLDivElement>(null),
  };
  const [request, setRequest] = useState<{ target: FocusTarget; count: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  useEffect(() => {
    if (request) refs[request.target].current?.focus();
  }, [request]);
  function focusOn(target: FocusTarget) {
    setRequest((previous) => ({ target, count: (previous?.count ?? 0) + 1 }));
  }
  return { refs, focusOn };
}
