import type { SubmissionResult } from '@conform-to/react';
import type { Child } from '@sprout/contracts';
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { MONTH_NAMES } from './ChildForm';

/** "dairy, egg and nuts": a list as a sentence. */
function sentenceList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What the family page says about a child's allergies, dislikes and diet. */
export function childSummary(child: Child) {
  const dislikes = [...child.disliked_dishes.map((dish) => dish.name), ...child.disliked_ingredients];
  return {
    allergies:
      child.allergens.length > 0
        ? `Allergic to ${sentenceList(child.allergens.map((tag) => tag.allergen))}`
        : 'No allergies',
    dislikes: dislikes.length > 0 ? `Won't eat ${sentenceList(dislikes)}` : 'No dislikes',
    diet: child.diet ? child.diet.name : 'No special diet',
    born: `${MONTH_NAMES[child.birth_month - 1]} ${child.birth_year}`,
  };
}

/** A child's profile, with its edit link and the removal that asks first (`?remove=`). */
export function ChildCard({
  child,
  confirmingRemoval,
  removeResult,
}: {
  child: Child;
  confirmingRemoval: boolean;
  removeResult: SubmissionResult<string[]> | undefined;
}) {
  const summary = childSummary(child);
  const headingId = `child-${child.id}-name`;
  return (
    <article className="account-card family-child" aria-labelledby={headingId}>
      <h2 id={headingId}>{child.name}</h2>
      <p className="muted family-child__age">
        {child.age_band} · born {summary.born}
      </p>
      <ul className="family-child__facts">
        <li>{summary.allergies}</li>
        <li>{summary.dislikes}</li>
        <li>Diet: {summary.diet}</li>
      </ul>
      {confirmingRemoval ? (
        <RemoveConfirmation child={child} result={removeResult} />
      ) : (
        <div className="family-child__actions">
          <Link to={`/account/family?edit=${child.id}`} className="button button--secondary">
            Edit<span className="visually-hidden"> {child.name}</span>
          </Link>
          <Link to={`/account/family?remove=${child.id}`} className="button button--ghost">
            Remove<span className="visually-hidden"> {child.name}</span>
          </Link>
        </div>
      )}
    </article>
  );
}

/** Removal asks once, in place: what goes with the child, a button to confirm and a way back. */
function RemoveConfirmation({
  child,
  result,
}: {
  child: Child;
  result: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'remove' &&
    navigation.formData?.get('child_id') === String(child.id);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  const error = result?.error?.['']?.[0] ?? null;
  return (
    <Form method="post" className="family-child__confirm" aria-busy={busy}>
      <p ref={question} tabIndex={-1} id={`child-${child.id}-confirm`}>
        <strong>Remove {child.name}?</strong> Their allergies, dislikes and ratings are deleted with them.
        This cannot be undone.
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="child_id" value={child.id} />
      <div className="family-child__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? 'Removing…' : `Yes, remove ${child.name}`}
        </button>
        <Link to="/account/family" className="button button--ghost">
          Keep {child.name}
        </Link>
      </div>
    </Form>
  );
}
