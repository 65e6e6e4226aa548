import type { CartActionData } from './cart.server';

/**
 * What a refused cart change says, wherever it is said (the toast after a fetcher's change, the
 * notice on the page a form posted without JavaScript returns to): its message, else its first
 * field error (spec section 8: "first error shown as a flash error notification").
 */
export function refusalMessage(outcome: Pick<CartActionData, 'message' | 'errors' | 'result'>) {
  const errors = outcome.result?.error ?? outcome.errors ?? {};
  return outcome.message ?? Object.values(errors).flat()[0] ?? undefined;
}

/**
 * The toast of a fetcher's refused change: the refusal's message, except where the form shows its
 * field errors beside its own fields (the capture and promo forms, `fieldErrorsInForm`).
 */
export function refusalToast(
  outcome: Pick<CartActionData, 'ok' | 'message' | 'errors' | 'result'>,
  { fieldErrorsInForm }: { fieldErrorsInForm: boolean },
) {
  if (outcome.ok || (fieldErrorsInForm && outcome.errors)) return undefined;
  return refusalMessage(outcome);
}
