import { type AdminGiftCard, adminIssueGiftCardBody, endpoints } from '@sprout/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { AdminSearchList } from '../features/admin/AdminList';
import {
  type ActionResult,
  numberField,
  requireAdmin,
  sendAdminForm,
  text,
} from '../features/admin/admin.server';
import { adminField, FormMessage } from '../features/admin/FormMessage';
import { giftCardState } from '../features/admin/GiftCardLedger';
import { money } from '../features/checkout/format';
import { Field } from '../features/forms/TextInput';
import type { Route } from './+types/admin.gift-cards';

export const handle = { title: 'Gift cards · Admin' };

/** The API answers the newest cards; the search narrows them by code suffix or recipient email. */
function matches(card: AdminGiftCard, q: string): boolean {
  const needle = q.toLowerCase();
  if (!needle) return true;
  const code = needle.replace(/[^a-z0-9]/g, '');
  const suffix = card.code_suffix.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    (code.length > 0 && suffix.endsWith(code.slice(-suffix.length))) ||
    (card.recipient_email ?? '').toLowerCase().includes(needle)
  );
}

/** /admin/gift-cards?q=: cards by code suffix or recipient email, and a card issued by hand. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const cards = await context.api.read(endpoints.admin.giftCards);
  return { q, cards: cards.data.filter((card) => matches(card, q)) };
}

/** A datetime-local value (no zone) is taken as UTC, the zone the admin site shows dates in. */
function isoOf(local: string | undefined): string | undefined {
  return local ? `${local.length === 16 ? `${local}:00` : local}Z` : undefined;
}

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ActionResult<AdminGiftCard & { code: string }>> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const optional = (name: string) => text(form, name) || undefined;
  const result = await sendAdminForm(
    context,
    'issue',
    adminIssueGiftCardBody,
    {
      amount: numberField(form, 'amount'),
      recipient_name: optional('recipient_name'),
      recipient_email: optional('recipient_email'),
      note: text(form, 'note'),
      expires_at: isoOf(optional('expires_at')),
    },
    (body) => context.api.call(endpoints.admin.issueGiftCard, { body }),
  );
  return result.ok
    ? { ...result, data: (result.data as { data: AdminGiftCard & { code: string } }).data }
    : result;
}

export default function AdminGiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const { q, cards } = loaderData;
  const navigation = useNavigation();
  const issued = actionData?.ok ? actionData.data : null;
  return (
    <div className="admin-page">
      <h1>Gift cards</h1>
      <AdminSearchList
        search={{ id: 'gift-card-search', label: 'Last characters of the code, or recipient email', q }}
        empty="No cards match."
        caption={q ? `Gift cards matching ${q}` : 'Newest gift cards'}
        rows={cards}
        columns={[
          {
            header: 'Card',
            cell: (card) => <Link to={`/admin/gift-cards/${card.id}`}>…{card.code_suffix}</Link>,
          },
          { header: 'Recipient', cell: (card) => card.recipient_email ?? '—' },
          {
            header: 'Balance',
            cell: (card) => (
              <>
                {money(card.balance)} of {money(card.initial_amount)}
              </>
            ),
          },
          { header: 'State', cell: giftCardState },
          { header: 'Issued', cell: (card) => card.added_at.slice(0, 10) },
        ]}
      />

      <h2 id="issue-heading">Issue a card by hand</h2>
      {issued ? (
        <div role="status" className="admin-success">
          <p>
            Issued {money(issued.initial_amount)}. The code is shown this once:{' '}
            <strong data-testid="issued-code">{issued.code}</strong>
          </p>
          <p>
            <Link to={`/admin/gift-cards/${issued.id}`}>Open card …{issued.code_suffix}</Link>
          </p>
        </div>
      ) : null}
      <Form method="post" className="admin-form" aria-labelledby="issue-heading">
        <Field
          id="gift-amount"
          label="Amount ($)"
          {...adminField(actionData, 'amount')}
          inputMode="decimal"
          required
        />
        <Field
          id="gift-recipient_name"
          label="Recipient name (optional)"
          {...adminField(actionData, 'recipient_name')}
        />
        <Field
          id="gift-recipient_email"
          label="Recipient email (optional: the card is emailed now)"
          {...adminField(actionData, 'recipient_email')}
          type="email"
        />
        <Field
          id="gift-expires_at"
          label="Expires (UTC, optional)"
          {...adminField(actionData, 'expires_at')}
          type="datetime-local"
        />
        <Field
          id="gift-note"
          label="Why (kept on the card and in the audit log)"
          {...adminField(actionData, 'note')}
          required
        />
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          Issue card
        </button>
        {actionData && !actionData.ok ? <FormMessage result={actionData} intent="issue" success="" /> : null}
      </Form>
    </div>
  );
}
