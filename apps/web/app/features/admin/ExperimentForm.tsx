import type { AdminExperiment } from '@sprout/contracts';
import { Form } from 'react-router';
import type { ActionResult } from './admin.server';
import { FieldError, FormMessage, fieldInvalid } from './FormMessage';

/** `2026-12-01T09:00:00.000Z` → `2026-12-01T09:00` for a datetime-local field (read as UTC). */
const localValue = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

/**
 * An experiment's definition: name, variants with relative weights, and optional dates (UTC).
 * One spare variant row lets the admin add a variant; a row left without a code is ignored.
 */
export function ExperimentForm({
  experiment,
  result,
  intent,
  submitLabel,
}: {
  experiment: AdminExperiment | null;
  result: ActionResult | undefined;
  intent: string;
  submitLabel: string;
}) {
  // Rows are positions (variant 1, 2, …): a spare one to add a variant, three for a new experiment.
  const saved = experiment?.variants ?? [];
  const rows = Array.from({ length: Math.max(saved.length + 1, 3) }, (_, position) => ({
    position: position + 1,
    code: saved[position]?.code ?? '',
    weight: saved[position]?.weight ?? 0,
  }));
  return (
    <Form method="post" className="admin-form" key={JSON.stringify(experiment)}>
      <input type="hidden" name="intent" value={intent} />
      {experiment ? null : (
        <>
          <label htmlFor="experiment-code">Code (what the storefront and analytics see)</label>
          <input
            id="experiment-code"
            name="code"
            required
            aria-invalid={fieldInvalid(result, 'code')}
            aria-describedby="experiment-code-error"
          />
          <FieldError result={result} name="code" id="experiment-code-error" />
        </>
      )}
      <label htmlFor="experiment-name">Name</label>
      <input
        id="experiment-name"
        name="name"
        required
        defaultValue={experiment?.name ?? ''}
        aria-invalid={fieldInvalid(result, 'name')}
        aria-describedby="experiment-name-error"
      />
      <FieldError result={result} name="name" id="experiment-name-error" />
      <fieldset className="admin-fieldset" aria-describedby="experiment-variants-error">
        <legend>Variants and weights (relative; a change applies to new visitors only)</legend>
        {rows.map((variant) => (
          <div className="admin-inline-form" key={variant.position}>
            <label>
              <span>Variant {variant.position} code</span>
              <input name="variant_code" defaultValue={variant.code} />
            </label>
            <label>
              <span>Weight</span>
              <input
                name="variant_weight"
                inputMode="numeric"
                size={5}
                defaultValue={String(variant.weight)}
              />
            </label>
          </div>
        ))}
        <FieldError result={result} name="variants" id="experiment-variants-error" />
      </fieldset>
      <label htmlFor="experiment-starts">Starts (UTC, empty: now)</label>
      <input
        id="experiment-starts"
        name="starts_at"
        type="datetime-local"
        defaultValue={localValue(experiment?.starts_at ?? null)}
      />
      <FieldError result={result} name="starts_at" id="experiment-starts-error" />
      <label htmlFor="experiment-ends">Ends (UTC, empty: no end)</label>
      <input
        id="experiment-ends"
        name="ends_at"
        type="datetime-local"
        defaultValue={localValue(experiment?.ends_at ?? null)}
        aria-invalid={fieldInvalid(result, 'ends_at')}
        aria-describedby="experiment-ends-error"
      />
      <FieldError result={result} name="ends_at" id="experiment-ends-error" />
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
      <FormMessage result={result} intent={intent} success="Saved." />
    </Form>
  );
}

/** Assignment, exposure and conversion per variant, as a table (the numbers are the point). */
export function ExperimentResults({ experiment }: { experiment: AdminExperiment }) {
  const rate = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Results of {experiment.name} per variant</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Weight</th>
            <th scope="col">Assigned</th>
            <th scope="col">Saw it</th>
            <th scope="col">Ordered</th>
            <th scope="col">Conversion (of assigned)</th>
          </tr>
        </thead>
        <tbody>
          {experiment.variants.map((variant) => (
            <tr key={variant.code}>
              <th scope="row">{variant.code}</th>
              <td>{variant.weight}</td>
              <td>{variant.assigned}</td>
              <td>{variant.exposed}</td>
              <td>{variant.converted}</td>
              <td>{rate(variant.converted, variant.assigned)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
