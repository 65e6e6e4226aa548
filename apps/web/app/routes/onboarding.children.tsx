import { Form, Link, redirect } from 'react-router';
import { ChildForm } from '../features/family/ChildForm';
import {
  addOnboardingChild,
  loadOnboardingChildren,
  nextOf,
} from '../features/family/onboarding-children.server';
import type { Route } from './+types/onboarding.children';
import '../features/family/family.css';

export const handle = { title: 'Your children' };

/**
 * /onboarding/children (docs/decisions/055): the optional step after the capture. The children told here
 * live on the cart until checkout, where they become the account's profiles; "Skip" is one click
 * and every form works before the JavaScript loads.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = nextOf(url);
  const step = await loadOnboardingChildren(context.api, context.catalogue, request.headers.get('cookie'));
  // No cart to keep them on (a customer, or a visitor who never gave details): on to where they were going.
  if (!step) throw redirect(next);
  return { ...step, next, added: url.searchParams.get('done') === 'added' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const next = nextOf(request.url);
  const formData = await request.formData();
  if (formData.get('intent') === 'skip') throw redirect(next);
  const answer = await addOnboardingChild(context.api, request.headers.get('cookie'), formData);
  if ('noCart' in answer) throw redirect(next);
  if ('added' in answer) {
    throw redirect(`/onboarding/children?${new URLSearchParams({ next, done: 'added' })}`);
  }
  return answer;
}

export default function OnboardingChildrenPage({ loaderData, actionData }: Route.ComponentProps) {
  const { children, choices, full, next, added } = loaderData;
  return (
    <div className="signup-page onboarding-children">
      <div className="signup-card">
        <header className="signup-card__intro">
          <h1 className="signup-card__headline">Tell us about your children</h1>
          <p>
            Optional: we flag dishes with their allergens and keep these as your family's profiles when you
            check out. You can change them later in your account.
          </p>
        </header>
        {added ? (
          <p className="family-page__notice" role="status">
            Child added.
          </p>
        ) : null}
        {children.length > 0 ? (
          <ul className="onboarding-children__list" aria-label="Children added">
            {children.map((child, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the cart's children have no id yet
              <li key={index}>
                <strong>{child.name}</strong>, born {child.born}
                {child.allergens ? ` (allergic to ${child.allergens})` : ''}
              </li>
            ))}
          </ul>
        ) : null}
        {children.length > 0 ? (
          <Link to={next} className="button button--primary">
            Continue
          </Link>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="skip" />
            <button type="submit" className="button button--ghost">
              Skip
            </button>
          </Form>
        )}
        <section aria-labelledby="add-child-heading">
          <h2 id="add-child-heading">{children.length > 0 ? 'Add another child' : 'Add a child'}</h2>
          {full ? (
            <p>{full}</p>
          ) : (
            <ChildForm
              choices={choices}
              child={null}
              result={actionData?.intent === 'add' ? actionData.result : undefined}
            />
          )}
        </section>
      </div>
    </div>
  );
}
