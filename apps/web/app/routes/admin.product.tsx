import { adminProductBody, endpoints } from '@sprout/contracts';
import { Form, Link, useNavigation } from 'react-router';
import {
  type ActionResult,
  checkbox,
  numberField,
  requireAdmin,
  sendAdminForm,
  text,
} from '../features/admin/admin.server';
import { CheckboxGroup } from '../features/admin/CheckboxGroup';
import { adminField, FormMessage } from '../features/admin/FormMessage';
import { money } from '../features/checkout/format';
import { Field } from '../features/forms/TextInput';
import { orNotFound } from '../lib/http.server';
import type { Route } from './+types/admin.product';

/** /admin/products/:id: a product's texts, price, badge, visibility, order, tags and indicators. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const answer = await orNotFound(
    context.api.read(endpoints.admin.product, { params: { id: Number(params.id) || 0 } }),
  );
  return { product: answer.data, choices: answer.meta.choices, title: `${answer.data.name} · Admin` };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const badge = text(form, 'badge_id');
  const input = {
    name: text(form, 'name'),
    description: text(form, 'description'),
    excerpt: text(form, 'excerpt'),
    category_id: numberField(form, 'category_id'),
    premium_difference: numberField(form, 'premium_difference') ?? 0,
    badge_id: badge ? Number(badge) : null,
    is_active: checkbox(form, 'is_active'),
    sorting_weight: numberField(form, 'sorting_weight') ?? 0,
    tags: form.getAll('tags').map(String),
    indicators: form.getAll('indicators').map(String),
  };
  const result = await sendAdminForm(context, 'save', adminProductBody, input, (body) =>
    context.api.call(endpoints.admin.updateProduct, { params: { id: Number(params.id) || 0 }, body }),
  );
  return result.ok ? { ...result, message: 'Saved: the storefront shows it now.' } : result;
}

export default function AdminProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, choices } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/products">‹ Catalogue</Link>
      </p>
      <h1>{product.name}</h1>
      <p>
        SKU {product.sku} · lists at <strong data-testid="list-price">{money(product.list_price)}</strong> (
        {product.category.name} {money(product.category.base_price)} + premium{' '}
        {money(product.premium_difference)}) · <a href={`/menus?product=${product.slug}`}>See on the store</a>
      </p>
      <Form method="post" className="admin-form admin-form--wide" key={JSON.stringify(product)}>
        <Field id="product-name" label="Name" {...adminField(actionData, 'name')}>
          {(props) => <input {...props} name="name" defaultValue={product.name} required maxLength={120} />}
        </Field>
        <Field id="product-excerpt" label="Short description" {...adminField(actionData, 'excerpt')}>
          {(props) => <input {...props} name="excerpt" defaultValue={product.excerpt} maxLength={500} />}
        </Field>
        <Field id="product-description" label="Description" {...adminField(actionData, 'description')}>
          {(props) => <textarea {...props} name="description" defaultValue={product.description} rows={5} />}
        </Field>
        <Field
          id="product-category_id"
          label="Category (sets the price)"
          {...adminField(actionData, 'category_id')}
        >
          {(props) => (
            <select {...props} name="category_id" defaultValue={product.category.id}>
              {choices.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name} ({money(category.base_price)})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="product-premium_difference"
          label="Premium difference in dollars (0 for a regular item)"
          {...adminField(actionData, 'premium_difference')}
        >
          {(props) => (
            <input
              {...props}
              name="premium_difference"
              inputMode="decimal"
              defaultValue={product.premium_difference.toFixed(2)}
            />
          )}
        </Field>
        <Field id="product-badge_id" label="Badge" {...adminField(actionData, 'badge_id')}>
          {(props) => (
            <select {...props} name="badge_id" defaultValue={product.badge?.id ?? ''}>
              <option value="">None</option>
              {choices.badges.map((badge) => (
                <option key={badge.id} value={badge.id}>
                  {badge.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="product-sorting_weight"
          label="Sorting weight (higher shows first)"
          {...adminField(actionData, 'sorting_weight')}
        >
          {(props) => (
            <input
              {...props}
              name="sorting_weight"
              inputMode="numeric"
              defaultValue={product.sorting_weight}
            />
          )}
        </Field>
        <div className="admin-field admin-field--check">
          <input id="product-is_active" type="checkbox" name="is_active" defaultChecked={product.is_active} />
          <label htmlFor="product-is_active">On sale (shown on the storefront)</label>
        </div>
        <CheckboxGroup
          legend="Tags"
          name="tags"
          choices={choices.tags.map((tag) => ({
            value: tag.slug,
            label: tag.name,
            hint: <span className="admin-hint">({tag.group})</span>,
          }))}
          checked={product.tags}
        />
        <CheckboxGroup
          legend="Nutrition indicators"
          name="indicators"
          choices={choices.indicators.map((indicator) => ({ value: indicator.slug, label: indicator.name }))}
          checked={product.indicators}
        />
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <FormMessage result={actionData} intent="save" success="Saved." />
      </Form>
    </div>
  );
}
