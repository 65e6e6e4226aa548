import type { AdminAuditEntry } from '@sprout/contracts';
import { endpoints } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import { requireAdmin } from '../features/admin/admin.server';
import type { Route } from './+types/admin.audit';

export const handle = { title: 'Audit log · Admin' };

/** /admin/audit: every admin change, newest first: who, what, before and after. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const entity = url.searchParams.get('entity') || undefined;
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const answer = await context.api.read(endpoints.admin.audit, { query: { entity, page } });
  return {
    entries: answer.data,
    total: answer.meta.total,
    perPage: answer.meta.per_page,
    page,
    entity: entity ?? '',
  };
}

const ENTITIES = [
  'order',
  'product',
  'category',
  'promo_code',
  'partnership',
  'menu',
  'bestseller_preset',
  'app_setting_group',
  'subscription',
  // Acting as a customer: its start and its end (who, whom, when).
  'customer',
];

function Changes({ entry }: { entry: AdminAuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter(
    (key) => JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]),
  );
  if (keys.length === 0) return <span className="admin-hint">no field changed</span>;
  return (
    <ul className="admin-changes">
      {keys.map((key) => (
        <li key={key}>
          <code>{key}</code>: {entry.before && key in entry.before ? JSON.stringify(entry.before[key]) : '–'}{' '}
          → {entry.after && key in entry.after ? JSON.stringify(entry.after[key]) : '–'}
        </li>
      ))}
    </ul>
  );
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, total, perPage, page, entity } = loaderData;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="admin-page">
      <h1>Audit log</h1>
      <Form method="get" className="admin-inline-form">
        <label htmlFor="audit-entity">Show</label>
        <select id="audit-entity" name="entity" defaultValue={entity}>
          <option value="">Everything</option>
          {ENTITIES.map((name) => (
            <option key={name} value={name}>
              {name.replace('_', ' ')}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          Filter
        </button>
      </Form>
      {entries.length === 0 ? <p>No changes recorded.</p> : null}
      {entries.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-audit">
            <caption className="visually-hidden">Admin changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Record</th>
                <th scope="col">Before → after</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="When (UTC)">{entry.created_at.slice(0, 19).replace('T', ' ')}</td>
                  <td data-label="Who">
                    <Link to={`/admin/customers/${entry.actor_user_id}`}>
                      {entry.actor_email ?? `#${entry.actor_user_id}`}
                    </Link>
                    {entry.actor_email ? <span className="admin-hint"> #{entry.actor_user_id}</span> : null}
                  </td>
                  <th scope="row">{entry.action}</th>
                  <td data-label="Record">
                    {entry.entity} {entry.entity_id}
                  </td>
                  <td data-label="Before → after">
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="pagination" aria-label="Pages of the audit log">
          {page > 1 ? <Link to={`?entity=${entity}&page=${page - 1}`}>‹ Newer</Link> : null} Page {page} of{' '}
          {pages} {page < pages ? <Link to={`?entity=${entity}&page=${page + 1}`}>Older ›</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
