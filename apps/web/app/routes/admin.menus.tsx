import { adminBestsellerBody, adminMenuBody, endpoints } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import {
  type ActionResult,
  checkbox,
  numberField,
  requireAdmin,
  sendAdminForm,
  text,
} from '../features/admin/admin.server';
import { CheckboxGroup } from '../features/admin/CheckboxGroup';
import { FieldError, FormMessage } from '../features/admin/FormMessage';
import type { Route } from './+types/admin.menus';

export const handle = { title: 'Menus and presets · Admin' };

/** /admin/menus: each menu's texts, order and categories; the bestseller presets' dishes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [menus, presets, choices] = await Promise.all([
    context.api.read(endpoints.admin.menus),
    context.api.read(endpoints.admin.bestsellers),
    context.api.read(endpoints.admin.categories),
  ]);
  return { menus: menus.data, presets: presets.data, categories: choices.data.categories };
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const intent = text(form, 'intent') ?? '';
  const id = Number(text(form, 'id')) || 0;
  if (intent.startsWith('menu-')) {
    const result = await sendAdminForm(
      context,
      intent,
      adminMenuBody,
      {
        name: text(form, 'name'),
        subtitle: text(form, 'subtitle'),
        description: text(form, 'description'),
        sorting_weight: numberField(form, 'sorting_weight'),
        category_ids: form.getAll('category_ids').map(Number),
      },
      (body) => context.api.call(endpoints.admin.updateMenu, { params: { id }, body }),
    );
    return result.ok ? { ...result, message: 'Saved: the storefront shows it now.' } : result;
  }
  if (intent.startsWith('preset-')) {
    const skus = form.getAll('sku').map(String);
    const quantities = form.getAll('quantity').map((value) => Number(value));
    const added = text(form, 'add_sku');
    const items = skus.map((sku, index) => ({ sku, quantity: quantities[index] ?? 0 }));
    if (added) items.push({ sku: added, quantity: numberField(form, 'add_quantity') as number });
    const result = await sendAdminForm(
      context,
      intent,
      adminBestsellerBody,
      {
        name: text(form, 'name'),
        description: text(form, 'description'),
        show_on_cart: checkbox(form, 'show_on_cart'),
        items,
      },
      (body) => context.api.call(endpoints.admin.updateBestseller, { params: { id }, body }),
    );
    return result.ok ? { ...result, message: 'Saved.' } : result;
  }
  return { ok: false, intent, message: 'Unknown action.', errors: {} };
}

export default function AdminMenus({ loaderData, actionData }: Route.ComponentProps) {
  const { menus, presets, categories } = loaderData;
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/products">‹ Catalogue</Link>
      </p>
      <h1>Menus and presets</h1>
      <h2>Menus</h2>
      {menus.map((menu) => (
        <Form method="post" className="admin-card admin-form admin-form--wide" key={JSON.stringify(menu)}>
          <input type="hidden" name="intent" value={`menu-${menu.id}`} />
          <input type="hidden" name="id" value={menu.id} />
          <h3>
            <a href={`/menus/${menu.slug}/`}>/menus/{menu.slug}/</a>
          </h3>
          <label htmlFor={`menu-${menu.id}-name`}>Name</label>
          <input id={`menu-${menu.id}-name`} name="name" defaultValue={menu.name} required />
          <label htmlFor={`menu-${menu.id}-subtitle`}>Subtitle</label>
          <input id={`menu-${menu.id}-subtitle`} name="subtitle" defaultValue={menu.subtitle} />
          <label htmlFor={`menu-${menu.id}-description`}>Description</label>
          <textarea
            id={`menu-${menu.id}-description`}
            name="description"
            defaultValue={menu.description}
            rows={2}
          />
          <label htmlFor={`menu-${menu.id}-sorting`}>Sorting weight (higher shows first)</label>
          <input
            id={`menu-${menu.id}-sorting`}
            name="sorting_weight"
            inputMode="numeric"
            defaultValue={menu.sorting_weight}
          />
          <CheckboxGroup
            legend="Categories shown"
            name="category_ids"
            choices={categories.map((category) => ({ value: category.id, label: category.name }))}
            checked={menu.category_ids}
          />
          {actionData?.intent === `menu-${menu.id}` ? (
            <FieldError result={actionData} name="category_ids" id={`menu-${menu.id}-error`} />
          ) : null}
          <button type="submit" className="button button--secondary">
            Save<span className="visually-hidden"> {menu.name}</span>
          </button>
          <FormMessage result={actionData} intent={`menu-${menu.id}`} success="Saved." />
        </Form>
      ))}
      <h2>Bestseller presets</h2>
      {presets.map((preset) => (
        <Form method="post" className="admin-card admin-form admin-form--wide" key={JSON.stringify(preset)}>
          <input type="hidden" name="intent" value={`preset-${preset.id}`} />
          <input type="hidden" name="id" value={preset.id} />
          <label htmlFor={`preset-${preset.id}-name`}>Name</label>
          <input id={`preset-${preset.id}-name`} name="name" defaultValue={preset.name} required />
          <label htmlFor={`preset-${preset.id}-description`}>Description</label>
          <input
            id={`preset-${preset.id}-description`}
            name="description"
            defaultValue={preset.description}
          />
          <div className="admin-field admin-field--check">
            <input
              id={`preset-${preset.id}-cart`}
              type="checkbox"
              name="show_on_cart"
              defaultChecked={preset.show_on_cart}
            />
            <label htmlFor={`preset-${preset.id}-cart`}>Offered in the cart</label>
          </div>
          <fieldset className="admin-tiers">
            <legend>Dishes (0 takes one out)</legend>
            {preset.items.map((item) => (
              <div className="admin-tier" key={item.sku}>
                <input type="hidden" name="sku" value={item.sku} />
                <label>
                  <input name="quantity" inputMode="numeric" size={3} defaultValue={item.quantity} /> ×{' '}
                  {item.name}
                </label>
              </div>
            ))}
            <div className="admin-tier">
              <label>
                Add <input name="add_quantity" inputMode="numeric" size={3} defaultValue={1} />
                <span className="visually-hidden"> of</span>
              </label>
              <label>
                <span className="visually-hidden">Dish to add to {preset.name}</span>
                <input name="add_sku" placeholder="SKU, e.g. SS-PUR-001" size={14} />
              </label>
            </div>
          </fieldset>
          {actionData?.intent === `preset-${preset.id}` ? (
            <FieldError result={actionData} name="items" id={`preset-${preset.id}-error`} />
          ) : null}
          <button type="submit" className="button button--secondary">
            Save<span className="visually-hidden"> {preset.name}</span>
          </button>
          <FormMessage result={actionData} intent={`preset-${preset.id}`} success="Saved." />
        </Form>
      ))}
    </div>
  );
}
