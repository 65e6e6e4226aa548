import type { CartActionData } from './cart.server';

/**
 * What a refused cart change says, wherever it is said (the toast after a fetcher's change, the
 * notice on the page a form posted without JavaScript returns to): its message, else its first
 * field error: the first error is shown as a flash notification.
 */
export function refusalMessage(outcome: Pick<CartActionData, 'message' | 'errors' | 'result'>) {
  const errors = outcome.result?.error ?? outcome.errors ?? {};
  return outcome.message ?? Object.values(errors).flat()[0] ?? undefined;
}

/**
 * The toast of a fetcher's refused change: the refusal's message, else its first field error. A
 * form with fields of its own (the capture and promo forms, `fieldErrorsInForm`) shows its field
 * errors beside them (conform's reply, `result`, or `errors`): only a message for the whole change
 * is a toast there.
 */
export function refusalToast(
  outcome: Pick<CartActionData, 'ok' | 'message' | 'errors' | 'result'>,
  { fieldErrorsInForm }: { fieldErrorsInForm: boolean },
) {
  if (outcome.ok) return undefined;
  if (fieldErrorsInForm) return outcome.errors ? undefined : outcome.message;
  return refusalMessage(outcome);
}
