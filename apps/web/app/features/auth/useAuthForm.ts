import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { ApiFailure } from '../../lib/api';
import {
  type FormConfig,
  type FormState,
  formReducer,
  initialFormState,
  isSubmitDisabled,
  unplacedServerError,
  visibleError,
} from './form-state';

/**
 * A sign-in form's state and its accessibility: bound props for each field, focus sent to the
 * first field the server rejected (else to the form message) after a failed submit.
 */
export function useAuthForm<F extends string>(
  config: FormConfig<F>,
  initialValues: Record<F, string>,
  initialError: string | null = null,
) {
  const reducer = useMemo(() => formReducer(config), [config]);
  const [state, send] = useReducer(reducer, undefined, () => initialFormState(initialValues, initialError));
  const inputs = useRef(new Map<F, HTMLInputElement | null>());
  const messageRef = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);
  const failures = useRef(0);
  const [failureCount, bumpFailures] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // After a failed submit (the button was disabled, so focus was lost): focus the first error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failure
  useEffect(() => {
    if (failureCount === failures.current) return;
    failures.current = failureCount;
    if (state.announced) inputs.current.get(state.announced)?.focus();
    else messageRef.current?.focus();
  }, [failureCount]);

  function bind(field: F) {
    return {
      name: field,
      value: state.fields[field].value,
      error: visibleError(config, state, field),
      onValueChange: (value: string) => send({ type: 'change', field, value }),
      onFocus: () => send({ type: 'focus', field }),
      onBlur: () => send({ type: 'blur', field }),
      ref: (element: HTMLInputElement | null) => {
        inputs.current.set(field, element);
      },
    };
  }

  /** A failed call: field errors beside their fields, anything else as the form message. */
  function fail(error: ApiFailure, formMessage?: string | null) {
    if (!mounted.current) return;
    const message =
      formMessage ??
      unplacedServerError(config, error.fieldErrors) ??
      (hasPlaced(config, error) ? null : error.message);
    send({ type: 'failed', serverErrors: error.fieldErrors, formError: message });
    bumpFailures();
  }

  function failWith(message: string) {
    if (!mounted.current) return;
    send({ type: 'failed', serverErrors: {}, formError: message });
    bumpFailures();
  }

  return {
    state: state as FormState<F>,
    send,
    bind,
    fail,
    failWith,
    messageRef,
    mounted,
    disabled: isSubmitDisabled(config, state),
  };
}

function hasPlaced<F extends string>(config: FormConfig<F>, error: ApiFailure): boolean {
  const fields = Object.keys(config.validators) as F[];
  return fields.some((field) =>
    (config.serverKeys?.[field] ?? [field]).some((key) => error.fieldErrors[key]?.[0]),
  );
}
