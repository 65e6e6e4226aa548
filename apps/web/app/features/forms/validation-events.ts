import { useEffect, useRef } from 'react';

/**
 * Forms validate on blur and change, not on input (a message while typing only distracts). A field
 * is checked when it is left and when a change to it is committed: the DOM's `change` event, which
 * a radio, a box or an option fires as it is picked and a text field as its edit is confirmed.
 * Never on each keystroke (the DOM's `input` event, which React calls onChange).
 *
 * Conform's share of the rule: it checks a field when it is left (first time and after), and
 * useCommittedChange adds the change.
 */
export const CONFORM_VALIDATION_EVENTS = { shouldValidate: 'onBlur', shouldRevalidate: 'onBlur' } as const;

/** Calls `onCommit` with the name of the form's field whose change was committed (the DOM's `change`). */
export function useCommittedChange(formId: string, onCommit: (name: string) => void) {
  const latest = useRef(onCommit);
  latest.current = onCommit;
  // On the document, as conform listens: the form may render after this (again after a success page).
  useEffect(() => {
    const listener = (event: Event) => {
      const field = event.target as HTMLInputElement;
      const name = field.getAttribute?.('name');
      if (name && field.form?.id === formId) latest.current(name);
    };
    document.addEventListener('change', listener);
    return () => document.removeEventListener('change', listener);
  }, [formId]);
}
