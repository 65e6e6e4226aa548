import { adminCategoryBody, endpoints } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import {
  type ActionResult,
  numberField,
  requireAdmin,
  sendAdminForm,
  text,
} from '../features/admin/admin.server';
import { FieldError, FormMessage } from '../features/admin/FormMessage';
import type { Route } from './+types/admin.categories';

export const handle = { title: 'Categories · Admin' };

/** /admin/categories: each category's name and the price every item of it lists at. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const answer = await context.api.read(endpoints.admin.categories);
  return { categories: answer.data.categories };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const id = Number(text(form, 'id')) || 0;
  const intent = `category-${id}`;
  const result = await sendAdminForm(
    context,
    intent,
    adminCategoryBody,
    { name: text(form, 'name'), base_price: numberField(form, 'base_price') },
    (body) => context.api.call(endpoints.admin.updateCategory, { params: { id }, body }),
  );
  return result.ok ? { ...result, message: 'Saved: every item of it shows the new price now.' } : result;
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/products">‹ Catalogue</Link>
      </p>
      <h1>Categories</h1>
      {loaderData.categories.map((category) => (
        <Form
          method="post"
          key={`${category.id}-${category.base_price}-${category.name}`}
          className="admin-card admin-inline-form"
        >
          <input type="hidden" name="id" value={category.id} />
          <label>
            Name <input name="name" defaultValue={category.name} required />
          </label>
          <label>
            Price in dollars{' '}
            <input name="base_price" inputMode="decimal" defaultValue={category.base_price.toFixed(2)} />
          </label>
          <button type="submit" className="button button--secondary">
            Save<span className="visually-hidden"> {category.name}</span>
          </button>
          {actionData?.intent === `category-${category.id}` ? (
            <>
              <FieldError result={actionData} name="base_price" id={`category-${category.id}-error`} />
              <FormMessage result={actionData} intent={`category-${category.id}`} success="Saved." />
            </>
          ) : null}
        </Form>
      ))}
    </div>
  );
}
