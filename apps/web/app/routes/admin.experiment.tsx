import { type AdminExperiment, adminExperimentUpdateBody, endpoints } from '@sprout/contracts';
import { Link } from 'react-router';
import { type ActionResult, requireAdmin, sendAdminForm } from '../features/admin/admin.server';
import { ExperimentForm, ExperimentResults } from '../features/admin/ExperimentForm';
import { experimentInput } from '../features/admin/experiment-form.server';
import { orNotFound } from '../lib/http.server';
import type { Route } from './+types/admin.experiment';

/** /admin/experiments/:id: the numbers per variant, and the definition to change. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // The experiments' answers have no schema in the contracts yet: typed, not checked.
  const experiment = await orNotFound(
    context.api.read(endpoints.admin.experiment, { params: { id: params.id } }) as Promise<{
      data: AdminExperiment;
    }>,
  );
  return { experiment: experiment.data, title: `${experiment.data.name} · Experiments · Admin` };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const result = await sendAdminForm(
    context,
    'update',
    adminExperimentUpdateBody,
    experimentInput(form),
    (body) => context.api.call(endpoints.admin.updateExperiment, { params: { id: params.id }, body }),
  );
  return result.ok ? { ...result, message: 'Saved: new visitors get the new weights.' } : result;
}

export default function AdminExperimentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { experiment } = loaderData;
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/experiments">All experiments</Link>
      </p>
      <h1>{experiment.name}</h1>
      <p className="admin-muted">
        {experiment.code} · {experiment.is_running ? 'running' : 'not running'}
      </p>
      <section className="admin-card" aria-labelledby="experiment-results">
        <h2 id="experiment-results">Results</h2>
        <ExperimentResults experiment={experiment} />
      </section>
      <section className="admin-card" aria-labelledby="experiment-definition">
        <h2 id="experiment-definition">Definition</h2>
        <ExperimentForm
          experiment={experiment}
          result={actionData}
          intent="update"
          submitLabel="Save changes"
        />
      </section>
    </div>
  );
}
