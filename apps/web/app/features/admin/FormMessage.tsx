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
  if (!result || result.ok) return null;
  const messages = result.errors[name];
  if (!messages?.length) return null;
  return (
    <span id={id} className="admin-field-error">
      {messages.join(' ')}
    </span>
  );
}

export function fieldInvalid(result: ActionResult | undefined, name: string): boolean {
  return Boolean(result && !result.ok && result.errors[name]?.length);
}
