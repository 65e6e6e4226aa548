import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useRef, useState } from 'react';
import { useFormAction, useNavigation } from 'react-router';
import type { z } from 'zod';
import { useHydrated } from './useHydrated';
import { CONFORM_VALIDATION_EVENTS, useCommittedChange } from './validation-events';

/** The name of the button conform submits a form with to validate or update one field. */
const CONFORM_INTENT = '__intent__';

/** What a route form's action answers: conform's reply, and a notice when the form succeeded in place. */
export type FormActionData = { result: SubmissionResult<string[]>; notice?: string | null };

/** Conform sends an empty field as nothing; the same here, so the button agrees with the action. */
function withoutEmpty(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '' && value != null));
}

/**
 * A route's `<Form method="post">` validated by a contracts schema (decision 018), in the browser
 * and again by the action with the same schema:
 * - a field is checked when it is left or its change is committed, never on each keystroke
 *   (validation-events.ts); its error (the server's too) goes as soon as it is edited and
 *   shows only while it is not focused, except the field a failed submit sent focus to,
 *   whose error stays until it is left or edited;
 * - once hydrated, submit is disabled while the values break the schema, while a field has an
 *   error, or while submitting (before hydration the server decides, so it stays enabled).
 */
export function useContractForm<Schema extends z.ZodObject>(
  schema: Schema,
  options: {
    id: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: Record<string, string>;
    /**
     * A submit in flight that is not a navigation of this route's own form: a fetcher's (the cart
     * action's forms), or the checkout's Pay. Without it, the route's navigation tells.
     */
    pending?: boolean;
    /**
     * A real submit the schema accepted (conform's validate and update intents never reach it):
     * the checkout's Pay prevents the post and pays in the browser.
     */
    onSubmit?(event: React.FormEvent<HTMLFormElement>): void;
  },
) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    // Text fields only: their default values are strings whatever the schema makes of them.
    defaultValue: options.defaultValue as never,
    ...CONFORM_VALIDATION_EVENTS,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // Fields edited since their last check: their errors are gone until they are checked again.
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const markEdited = (name: string | null, isEdited: boolean) => {
    if (!name) return;
    setEdited((current) => {
      if (current.has(name) === isEdited) return current;
      const next = new Set(current);
      if (isEdited) next.add(name);
      else next.delete(name);
      return next;
    });
  };
  useCommittedChange(options.id, (name) => {
    form.validate({ name });
    markEdited(name, false);
  });
  // The action's answer is a check of every field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => setEdited(new Set()), [options.lastResult]);
  const [focused, setFocused] = useState<string | null>(null);
  const [announced, setAnnounced] = useState<string | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);

  // After the action refused a submit, conform focuses the first field it named: that field's
  // error stays shown while focused (it is what focus was sent for); with none, the form's message.
  const messagePending = useRef(false);
  useEffect(() => {
    const errors = options.lastResult?.error;
    if (!errors) return;
    // Conform focuses the first field in error in page order: that is the one announced.
    const element = document.getElementById(options.id) as HTMLFormElement | null;
    const names = element ? [...element.elements].map((field) => field.getAttribute('name') ?? '') : [];
    const first = [...names, ...Object.keys(errors)].find((name) => name !== '' && errors[name]?.length);
    if (first) setAnnounced(first);
    else messagePending.current = true;
  }, [options.lastResult, options.id]);
  // The message renders once conform has taken the reply in (a render later).
  useEffect(() => {
    if (!messagePending.current || !messageRef.current) return;
    messagePending.current = false;
    messageRef.current.focus();
  });

  const action = useFormAction();
  const submitting =
    options.pending ?? (navigation.state === 'submitting' && navigation.formAction === action);
  // The values as the page holds them, read from the form itself: what was typed before the
  // JavaScript loaded counts too (conform's own value starts from the defaults).
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    withoutEmpty(options.defaultValue ?? {}),
  );
  const readValues = (element: HTMLFormElement | null) => {
    if (element) setValues(withoutEmpty(Object.fromEntries(new FormData(element))));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page has hydrated
  useEffect(() => {
    readValues(document.getElementById(form.id) as HTMLFormElement | null);
  }, []);
  const hasFieldError = Object.entries(form.allErrors).some(
    ([name, errors]) => name !== '' && !edited.has(name) && errors.length > 0,
  );
  const invalid = !schema.safeParse(values).success || hasFieldError;

  /**
   * A text field's props. `otherError`: a problem found outside the schema (the checkout's zip
   * lookup), shown by the same rule when the schema finds none.
   */
  // biome-ignore lint/suspicious/noExplicitAny: any field of any form
  function bind(field: FieldMetadata<any, any, string[]>, otherError: string | null = null) {
    const shown = (focused !== field.name || announced === field.name) && !edited.has(field.name);
    return {
      id: field.id,
      name: field.name,
      defaultValue: (field.initialValue as string | undefined) ?? '',
      error: shown ? (field.errors?.[0] ?? otherError) : null,
      onInput: () => setAnnounced((current) => (current === field.name ? null : current)),
    };
  }

  const conformProps = getFormProps(form);
  /** Sends focus to a field whose problem the page found itself; its message stays shown there. */
  function announce(name: string) {
    setAnnounced(name);
    const element = document.getElementById(form.id) as HTMLFormElement | null;
    (element?.elements.namedItem(name) as HTMLElement | null)?.focus();
  }
  return {
    announce,
    form,
    fields,
    bind,
    messageRef,
    submitting,
    invalid,
    disabled: hydrated && (submitting || invalid),
    formProps: {
      ...conformProps,
      method: 'post' as const,
      onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
        conformProps.onSubmit(event);
        // Conform validates a field by submitting the form with its own `__intent__` button (and
        // prevents that submit); only a submit the schema let through is the visitor's.
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.name === CONFORM_INTENT) return;
        if (event.defaultPrevented) {
          // Refused here: conform focused the first field in error, whose message stays shown.
          const active = document.activeElement;
          if (active && event.currentTarget.contains(active)) setAnnounced(active.getAttribute('name'));
          return;
        }
        options.onSubmit?.(event);
      },
      'aria-busy': submitting,
      onInput: (event: React.FormEvent<HTMLFormElement>) => {
        readValues(event.currentTarget);
        markEdited((event.target as Element).getAttribute('name'), true);
      },
      onChange: (event: React.FormEvent<HTMLFormElement>) => readValues(event.currentTarget),
      onFocus: (event: React.FocusEvent<HTMLFormElement>) => {
        setFocused((event.target as Element).getAttribute('name'));
      },
      onBlur: (event: React.FocusEvent<HTMLFormElement>) => {
        const name = (event.target as Element).getAttribute('name');
        setFocused(null);
        setAnnounced((current) => (current === name ? null : current));
        // Conform checks the field it leaves (and a committed change checked it already).
        markEdited(name, false);
      },
    },
  };
}
