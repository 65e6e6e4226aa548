import type { ReactNode } from 'react';

/** One choice of a checkbox group: what is posted, what the admin reads, and an optional hint. */
export type CheckboxChoice = { value: string | number; label: string; hint?: ReactNode };

/**
 * A fieldset of checkboxes posting one `name` per checked choice (a form's list field: tags,
 * indicators, a menu's categories), laid out as the admin's check lists.
 */
export function CheckboxGroup({
  legend,
  name,
  choices,
  checked,
}: {
  legend: string;
  name: string;
  choices: CheckboxChoice[];
  /** The choices checked when the form opens. */
  checked: readonly (string | number)[];
}) {
  return (
    <fieldset className="admin-checks">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="checkbox"
            name={name}
            value={choice.value}
            defaultChecked={checked.includes(choice.value)}
          />{' '}
          {choice.label}
          {choice.hint ? <> {choice.hint}</> : null}
        </label>
      ))}
    </fieldset>
  );
}
