import { type AdminExperiment, adminExperimentBody, endpoints } from '@sprout/contracts';
import { Link, redirect } from 'react-router';
import { type ActionResult, requireAdmin, sendAdminForm, text } from '../features/admin/admin.server';
import { ExperimentForm, ExperimentResults } from '../features/admin/ExperimentForm';
import { experimentInput } from '../features/admin/experiment-form.server';
import type { ApiResult } from '../lib/api';
import type { Route } from './+types/admin.experiments';

export const handle = { title: 'Experiments · Admin' };

/** /admin/experiments: every experiment with its numbers per variant, and a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // The experiments' answers have no schema in the contracts yet: typed, not checked.
  const experiments = (await context.api.read(endpoints.admin.experiments)) as { data: AdminExperiment[] };
  return { experiments: experiments.data };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult | Response> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const result = await sendAdminForm(
    context,
    'create',
    adminExperimentBody,
    { code: text(form, 'code'), ...experimentInput(form) },
    (body) =>
      context.api.call(endpoints.admin.createExperiment, { body }) as Promise<
        ApiResult<{ data: AdminExperiment }>
      >,
  );
  return result.ok ? redirect(`/admin/experiments/${result.data.data.id}`) : result;
}

export default function AdminExperiments({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <h1>Experiments</h1>
      {loaderData.experiments.length === 0 ? <p>No experiments yet.</p> : null}
      {loaderData.experiments.map((experiment) => (
        <section key={experiment.id} className="admin-card" aria-labelledby={`experiment-${experiment.id}`}>
          <h2 id={`experiment-${experiment.id}`}>
            <Link to={`/admin/experiments/${experiment.id}`}>{experiment.name}</Link>{' '}
            <span className="admin-muted">
              {experiment.code} · {experiment.is_running ? 'running' : 'not running'}
            </span>
          </h2>
          <ExperimentResults experiment={experiment} />
        </section>
      ))}
      <section className="admin-card" aria-labelledby="new-experiment">
        <h2 id="new-experiment">New experiment</h2>
        <ExperimentForm
          experiment={null}
          result={actionData as ActionResult | undefined}
          intent="create"
          submitLabel="Create experiment"
        />
      </section>
    </div>
  );
}
