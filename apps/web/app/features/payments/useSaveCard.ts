import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { PaymentFieldsHandle } from './PaymentFields';

type CardOutcome = { ok: boolean; message: string };

/**
 * The account's card forms (replace the card, update it and resume) in one place: the card
 * number goes to the payment provider's own form, which answers a token; only the token is posted
 * to `action`. A refusal from the provider or from the action is `error`; `outcome` is the
 * action's answer once the fetcher is idle (the form decides what a success shows).
 */
export function useSaveCard<Outcome extends CardOutcome>({ key, action }: { key: string; action: string }) {
  const fetcher = useFetcher<Outcome>({ key });
  const fieldsRef = useRef<PaymentFieldsHandle>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (outcome && !outcome.ok) setError(outcome.message);
  }, [outcome]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setCreating(true);
    const created = await fieldsRef.current?.createPaymentMethod();
    setCreating(false);
    if (!created) return;
    if ('error' in created) {
      setError(created.error);
      return;
    }
    fetcher.submit({ payment_method_id: created.id }, { method: 'post', action });
  }

  return { fieldsRef, submit, error, outcome, busy: creating || fetcher.state !== 'idle' };
}
