import { text } from './admin.server';

/** A datetime-local value (read as UTC) → ISO; empty → null (no date). */
function instant(form: FormData, name: string): string | null | undefined {
  const value = text(form, name);
  if (value === undefined) return undefined;
  if (value === '') return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00.000Z` : value;
}

/** The experiment form's fields as the contract's body (the schema says what is wrong, if anything). */
export function experimentInput(form: FormData) {
  const codes = form.getAll('variant_code').map((value) => String(value).trim());
  const weights = form.getAll('variant_weight').map((value) => String(value).trim());
  const variants = codes
    .map((code, index) => {
      const raw = weights[index] ?? '';
      const weight = Number(raw);
      return { code, weight: raw !== '' && Number.isFinite(weight) ? weight : raw };
    })
    .filter((variant) => variant.code !== '');
  return {
    name: text(form, 'name'),
    variants,
    starts_at: instant(form, 'starts_at'),
    ends_at: instant(form, 'ends_at'),
  };
}
