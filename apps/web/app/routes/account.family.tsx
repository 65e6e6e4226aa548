import { MAX_CHILDREN, TOO_MANY_CHILDREN_MESSAGE } from '@sprout/contracts';
import { useEffect } from 'react';
import { redirect, useLocation } from 'react-router';
import { requireCustomer } from '../features/account/account.server';
import { ChildCard } from '../features/family/ChildCard';
import { ChildForm } from '../features/family/ChildForm';
import { childNamed, familyAction, loadFamily } from '../features/family/family.server';
import { announce } from '../features/layout/LiveRegion';
import type { Route } from './+types/account.family';
import '../features/family/family.css';

export const handle = { title: 'Family' };

const NOTICES: Record<string, string> = {
  added: 'Child added.',
  saved: 'Changes saved.',
  removed: 'Removed, with everything we kept about them.',
};

/** /account/family: the children's profiles (docs/decisions/055); `?edit=` and `?remove=` name one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCustomer(request, context);
  const choices = await loadFamily(context.api, context.catalogue);
  const search = new URL(request.url).searchParams;
  return {
    choices,
    editing: childNamed(choices.children, search.get('edit'))?.id ?? null,
    removing: childNamed(choices.children, search.get('remove'))?.id ?? null,
    notice: NOTICES[search.get('done') ?? ''] ?? null,
    // Said by the loader, so that the page's browser code carries no contracts (nor zod).
    familyFull: choices.children.length >= MAX_CHILDREN ? TOO_MANY_CHILDREN_MESSAGE : null,
  };
}

/** Add, edit or remove through /api/me/children; a success goes back to the list with its notice. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  const answer = await familyAction(context.api, await request.formData());
  if ('redirectTo' in answer) throw redirect(answer.redirectTo);
  return answer;
}

export default function FamilyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, editing, removing, notice, familyFull } = loaderData;
  const { children } = choices;
  const resultFor = (intent: 'add' | 'edit' | 'remove', childId: number | null = null) =>
    actionData?.intent === intent &&
    (childId === null || actionData.childId === childId || intent === 'remove')
      ? actionData.result
      : undefined;
  // Said once per visit of the list after a change (the app's one live region); shown at the top too.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (notice) announce(notice);
  }, [key]);
  const editFailed = actionData?.intent === 'edit' ? (actionData.childId ?? null) : null;
  return (
    <div className="account-page family-page">
      <h1>Family</h1>
      <p className="account-lead">
        Tell us about each child you feed: we flag dishes with their allergens and learn what they like. We
        keep only what choosing their food needs (see our <a href="/privacy-policy">privacy policy</a>).
      </p>
      {notice ? (
        <p className="family-page__notice" data-notice="">
          {notice}
        </p>
      ) : null}
      {children.length === 0 ? <p>No children yet: add the first one below.</p> : null}
      {children.length > 0 ? (
        <ul className="family-page__children">
          {children.map((child) => (
            <li key={child.id}>
              {editing === child.id || editFailed === child.id ? (
                <section className="account-card" aria-labelledby={`edit-${child.id}-heading`}>
                  <h2 id={`edit-${child.id}-heading`}>Edit {child.name}</h2>
                  <ChildForm choices={choices} child={child} result={resultFor('edit', child.id)} />
                </section>
              ) : (
                <ChildCard
                  child={child}
                  confirmingRemoval={removing === child.id}
                  removeResult={removing === child.id ? resultFor('remove') : undefined}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <section className="account-card" aria-labelledby="add-child-heading">
        <h2 id="add-child-heading">Add a child</h2>
        {familyFull ? (
          <p>{familyFull}</p>
        ) : (
          <ChildForm choices={choices} child={null} result={resultFor('add')} />
        )}
      </section>
    </div>
  );
}
