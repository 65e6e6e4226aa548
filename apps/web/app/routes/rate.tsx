import { endpoints, RATING_LINK_INVALID_MESSAGE } from '@sprout/contracts';
import { data, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { LOGIN_PATH } from '../features/auth/login-routing';
import { loginPathFor } from '../features/auth/return-path';
import { RatingForm } from '../features/families/RatingForm';
import { ratingChoices, ratingsFromForm } from '../features/families/ratings.server';
import { failureOf } from '../lib/api-client.server';
import type { Route } from './+types/rate';

export const handle = { title: 'Rate your box' };

const SIGN_IN_TO_RATE = loginPathFor(LOGIN_PATH, '/account/orders');

/**
 * The ratings email's link (docs/decisions/055, Ratings): no sign-in, the token opens one order's
 * form until it expires or its ratings are sent. A refused link says why, with the way to rate
 * from the account.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await context.api.call(endpoints.ratings.formByLink, { query: { token } });
  if (result.kind === 'ok') {
    return { title: 'Rate your box', token, form: result.data.data, choices: ratingChoices(), refused: null };
  }
  const { status, message } = failureOf(result);
  if (status >= 500) throw data(null, { status });
  return data(
    {
      title: 'Rate your box',
      token,
      form: null,
      choices: [],
      refused: status === 409 && message ? message : RATING_LINK_INVALID_MESSAGE,
    },
    { status: status === 409 ? 409 : 404 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const result = await context.api.call(endpoints.ratings.rateByLink, {
    body: { token, ratings: ratingsFromForm(form) },
  });
  if (result.kind === 'ok') {
    return { thanked: result.data.data.children.map((child) => child.name), error: null, refused: null };
  }
  const { status, message, fieldErrors } = failureOf(result);
  if (status === 422) {
    return data(
      { thanked: null, error: Object.values(fieldErrors)[0]?.[0] ?? message, refused: null },
      { status: 422 },
    );
  }
  if (status === 404 || status === 409) {
    return data({ thanked: null, error: null, refused: message ?? RATING_LINK_INVALID_MESSAGE }, { status });
  }
  throw data(null, { status });
}

/** After the submit the link is closed: the thank-you stands, the form is not asked for again. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.thanked ? false : defaultShouldRevalidate;
}

function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export default function RateRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.thanked) {
    return (
      <section className="content-page" aria-labelledby="rate-heading">
        <h1 id="rate-heading">Thank you!</h1>
        <p role="status">
          {namesInWords(actionData.thanked)}&rsquo;s ratings are saved: the next boxes pick by them.
        </p>
        <p>
          You can see or change them from <Link to="/account/orders">your orders</Link>.
        </p>
      </section>
    );
  }
  const refused = actionData?.refused ?? loaderData.refused;
  if (refused || !loaderData.form) {
    return (
      <section className="content-page" aria-labelledby="rate-heading">
        <h1 id="rate-heading">This link cannot be used</h1>
        <p role="alert">{refused ?? RATING_LINK_INVALID_MESSAGE}</p>
        <p>
          <Link to={SIGN_IN_TO_RATE} className="button button--primary">
            Sign in to rate from your account
          </Link>
        </p>
      </section>
    );
  }
  const { form } = loaderData;
  return (
    <section className="content-page" aria-labelledby="rate-heading">
      <h1 id="rate-heading">
        How did {namesInWords(form.children.map((child) => child.name))} like their box?
      </h1>
      <p>
        Order {form.order.number}. For each dish, tell us how it went down. Rate what you know: a dish left
        blank is not counted.
      </p>
      <RatingForm
        form={form}
        choices={loaderData.choices}
        token={loaderData.token}
        error={actionData?.error ?? null}
        submitLabel="Send the ratings"
      />
    </section>
  );
}
