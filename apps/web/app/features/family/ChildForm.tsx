import type { SubmissionResult } from '@conform-to/react';
import type { Child } from '@sprout/contracts';
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { FieldMessage } from '../forms/TextInput';
import type { FamilyChoices, TagChoice } from './family-types';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Dairy-free" → "Dairy": the allergen a child is allergic to, as a box to tick. */
export function allergenLabel(tag: TagChoice): string {
  const name = tag.name.replace(/[-\s]?free$/i, '').trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

type Values = Record<string, unknown>;

/** A field's first error: its own, or one of its entries' (`disliked_ingredients[0]`). */
function errorOf(result: SubmissionResult<string[]> | undefined, name: string): string | null {
  const errors = result?.error ?? {};
  for (const [key, messages] of Object.entries(errors)) {
    if ((key === name || key.startsWith(`${name}[`) || key.startsWith(`${name}.`)) && messages?.length)
      return messages[0]!;
  }
  return null;
}

const listOf = (value: unknown): string[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

/** The values the form starts from: what was sent when it was refused, else the child's profile. */
function startingValues(child: Child | null, result: SubmissionResult<string[]> | undefined): Values {
  if (result?.initialValue) return result.initialValue as Values;
  if (!child) return {};
  return {
    name: child.name,
    birth_month: String(child.birth_month),
    birth_year: String(child.birth_year),
    allergens: child.allergens.map((tag) => tag.slug),
    diet: child.diet?.slug ?? '',
    disliked_dishes: child.disliked_dishes.map((dish) => dish.sku),
    disliked_ingredients: child.disliked_ingredients.join(', '),
  };
}

/**
 * Adds a child or replaces a child's whole profile: a real form (it works before the JavaScript
 * loads), checked by the action with the contracts' childBody; each problem shows beside its field.
 */
export function ChildForm({
  choices,
  child,
  result,
}: {
  choices: FamilyChoices;
  child: Child | null;
  result: SubmissionResult<string[]> | undefined;
}) {
  const prefix = child ? `child-${child.id}` : 'new-child';
  const values = startingValues(child, result);
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === (child ? 'edit' : 'add') &&
    (child === null || navigation.formData?.get('child_id') === String(child.id));
  const formError = result?.error?.['']?.[0] ?? null;
  const errorRef = useRef<HTMLParagraphElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // A refused submit: focus goes to the first field in error, or to the form's message.
  useEffect(() => {
    if (!result?.error || !form.current) return;
    const invalid = form.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? errorRef.current)?.focus();
  }, [result]);
  const error = (name: string) => errorOf(result, name);
  const aria = (name: string, id: string) =>
    error(name) ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
  const chosen = (name: string) => listOf(values[name]);
  const dislikedCount = chosen('disliked_dishes').length;

  return (
    <Form method="post" ref={form} className="account-form family-form" aria-busy={busy} noValidate>
      {formError ? (
        <p ref={errorRef} className="form-error" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={child ? 'edit' : 'add'} />
      {child ? <input type="hidden" name="child_id" value={child.id} /> : null}

      <div className="field">
        <label htmlFor={`${prefix}-name`}>First name or nickname</label>
        <input
          id={`${prefix}-name`}
          name="name"
          defaultValue={String(values.name ?? '')}
          maxLength={40}
          autoComplete="off"
          aria-required="true"
          {...aria('name', `${prefix}-name`)}
        />
        <FieldMessage id={`${prefix}-name-error`} message={error('name')} />
      </div>

      <fieldset
        className="choice-group"
        aria-describedby={error('birth_month') ? `${prefix}-born-error` : undefined}
      >
        <legend>Born in</legend>
        <div className="family-form__born">
          <div className="field">
            <label htmlFor={`${prefix}-month`}>Month</label>
            <select
              id={`${prefix}-month`}
              name="birth_month"
              defaultValue={String(values.birth_month ?? '')}
              aria-required="true"
              {...aria('birth_month', `${prefix}-born`)}
            >
              <option value="">Month…</option>
              {MONTH_NAMES.map((month, index) => (
                <option key={month} value={index + 1}>
                  {month}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${prefix}-year`}>Year</label>
            <select
              id={`${prefix}-year`}
              name="birth_year"
              defaultValue={String(values.birth_year ?? '')}
              aria-required="true"
              {...aria('birth_year', `${prefix}-born`)}
            >
              <option value="">Year…</option>
              {choices.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FieldMessage
          id={`${prefix}-born-error`}
          message={error('birth_month') ?? error('birth_year')}
          className="form-error"
        />
      </fieldset>

      <fieldset className="choice-group" aria-describedby={`${prefix}-allergens-hint`}>
        <legend>Allergies</legend>
        <p id={`${prefix}-allergens-hint`} className="muted family-form__hint">
          Tick what {child ? child.name : 'your child'} is allergic to: dishes that contain it are flagged.
        </p>
        <div className="family-form__choices">
          {choices.allergens.map((tag) => (
            <label key={tag.slug} className="choice">
              <input
                type="checkbox"
                name="allergens"
                value={tag.slug}
                defaultChecked={chosen('allergens').includes(tag.slug)}
              />
              <span>{allergenLabel(tag)}</span>
            </label>
          ))}
        </div>
        <FieldMessage id={`${prefix}-allergens-error`} message={error('allergens')} />
      </fieldset>

      <fieldset className="choice-group">
        <legend>Diet</legend>
        <div className="family-form__choices">
          {[{ slug: '', name: 'No special diet' }, ...choices.diets].map((tag) => (
            <label key={tag.slug} className="choice">
              <input
                type="radio"
                name="diet"
                value={tag.slug}
                defaultChecked={String(values.diet ?? '') === tag.slug}
              />
              <span>{tag.name}</span>
            </label>
          ))}
        </div>
        <FieldMessage id={`${prefix}-diet-error`} message={error('diet')} />
      </fieldset>

      <details className="choice-group family-form__dishes" open={Boolean(error('disliked_dishes'))}>
        <summary>
          Dishes {child ? child.name : 'they'} won't eat
          {dislikedCount > 0 ? ` (${dislikedCount} chosen)` : ''}
        </summary>
        {choices.dishGroups.map((group) => (
          <fieldset key={group.category} className="family-form__dish-group">
            <legend>{group.category}</legend>
            {group.dishes.map((dish) => (
              <label key={dish.sku} className="choice">
                <input
                  type="checkbox"
                  name="disliked_dishes"
                  value={dish.sku}
                  defaultChecked={chosen('disliked_dishes').includes(dish.sku)}
                />
                <span>{dish.name}</span>
              </label>
            ))}
          </fieldset>
        ))}
        <FieldMessage id={`${prefix}-dishes-error`} message={error('disliked_dishes')} />
      </details>

      <div className="field family-form__wide">
        <label htmlFor={`${prefix}-ingredients`}>Ingredients {child ? child.name : 'they'} won't eat</label>
        <p id={`${prefix}-ingredients-hint`} className="muted family-form__hint">
          Separate them with commas, for example: peas, mushrooms
        </p>
        <input
          id={`${prefix}-ingredients`}
          name="disliked_ingredients"
          defaultValue={String(values.disliked_ingredients ?? '')}
          autoComplete="off"
          aria-describedby={
            error('disliked_ingredients')
              ? `${prefix}-ingredients-hint ${prefix}-ingredients-error`
              : `${prefix}-ingredients-hint`
          }
          aria-invalid={error('disliked_ingredients') ? true : undefined}
        />
        <FieldMessage id={`${prefix}-ingredients-error`} message={error('disliked_ingredients')} />
      </div>

      <div className="family-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? 'Saving…' : child ? `Save ${child.name}` : 'Add child'}
        </button>
        {child ? (
          <Link to="/account/family" className="button button--ghost">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
