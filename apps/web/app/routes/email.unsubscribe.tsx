import { endpoints, REMINDER_LINK_INVALID } from '@sprout/contracts';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/email.unsubscribe';

export const handle = { title: 'Unsubscribe' };

/** The reminder's unsubscribe page: opening it changes nothing (mail scanners open links). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, title: 'Unsubscribe' };
}

/**
 * The unsubscribe itself: this page's button, or a mail client's one-click POST (RFC 8058,
 * `List-Unsubscribe=One-Click` to the same address).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get('token') ?? url.searchParams.get('token') ?? '');
  const result = await context.api.call(endpoints.marketing.unsubscribe, { body: { token } });
  if (result.kind === 'ok') return { ok: true as const, email: result.data.data.email };
  return data({ ok: false as const, message: REMINDER_LINK_INVALID }, { status: 400 });
}

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="content-page" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">Box reminders</h1>
      {actionData?.ok ? (
        <p role="status">{actionData.email} gets no more reminders about saved boxes.</p>
      ) : (
        <>
          <p>Stop the emails that remind you of a box you saved but did not order.</p>
          {actionData && !actionData.ok ? <p role="alert">{actionData.message}</p> : null}
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="button button--primary" disabled={busy}>
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
