import { FieldMessage } from '../forms/TextInput';
import type { ActionResult } from './admin.server';

/** An action's outcome for one form: a status line on success, the reason on a refusal. */
export function FormMessage({
  result,
  intent,
  success,
}: {
  result: ActionResult | undefined;
  intent: string;
  success: string;
}) {
  if (!result || result.intent !== intent) return null;
  if (result.ok) {
    return (
      <p role="status" className="admin-success">
        {result.message ?? success}
      </p>
    );
  }
  return (
    <p role="alert" className="admin-error-text">
      {result.message}
    </p>
  );
}

/** The messages of one field from an action's refusal, as one line; null when it has none. */
export function fieldError(result: ActionResult | undefined, name: string): string | null {
  if (!result || result.ok) return null;
  return result.errors[name]?.length ? result.errors[name].join(' ') : null;
}

/** The messages of one field, tied to it by id (aria-describedby). */
export function FieldError({
  result,
  name,
  id,
}: {
  result: ActionResult | undefined;
  name: string;
  id: string;
}) {
  return <FieldMessage id={id} message={fieldError(result, name)} className="admin-field-error" />;
}

export function fieldInvalid(result: ActionResult | undefined, name: string): boolean {
  return fieldError(result, name) !== null;
}

/**
 * The shared Field dressed for the admin site, named `name` and showing the action's messages for
 * it: `<Field id="…" label="…" {...adminField(result, 'code')} />`.
 */
export function adminField(result: ActionResult | undefined, name: string) {
  return {
    name,
    className: 'admin-field',
    errorClassName: 'admin-field-error',
    error: fieldError(result, name),
  };
}
