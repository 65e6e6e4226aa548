import { deliveryParams, endpoints } from '@sprout/contracts';
import { data } from 'react-router';
import { readDeliveries, requireCustomer } from '../features/account/account.server';
import { BoxEditor } from '../features/account/BoxEditor';
import { runDeliveryAction } from '../features/account/deliveries.server';
import { readFamilyFits } from '../features/account/family-fits.server';
import { readMenuStock } from '../features/catalog/menu-stock.server';
import { formatDeliveryDate } from '../features/checkout/format';
import type { Route } from './+types/account.delivery';

/**
 * /account/deliveries/:date: one box and the menus' dishes, with + and − per dish, until its
 * cutoff; read-only after it. `?menu=` picks one menu.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const parsed = deliveryParams.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const customer = await requireCustomer(request, context);
  if (!customer.subscription) throw data(null, { status: 404 });
  const menuSlug = new URL(request.url).searchParams.get('menu');
  const [deliveries, menus] = await Promise.all([
    readDeliveries(context.api),
    context.api.read(endpoints.catalog.menus, { query: { include: 'primaryComposableCategory' } }),
  ]);
  const delivery = deliveries.find((candidate) => candidate.date === parsed.data.date);
  if (!delivery) throw data(null, { status: 404 });
  // Boxes hold meals: the menus without a composable category (snacks, smoothies) are add-ons.
  const boxMenus = menus.data.filter((candidate) => candidate.primary_composable_category);
  const menu = (boxMenus.find((candidate) => candidate.slug === menuSlug) ?? boxMenus[0])?.slug ?? null;
  // Only an editable box lists the menus, every dish of the one chosen: a locked one shows what it holds.
  const products = delivery.editable
    ? await readMenuStock(context.catalogue, {
        ...(menu ? { menu_item: menu } : {}),
        include: ['badge', 'category'],
      })
    : [];
  // Whom the box's dishes and the menu's do not suit, as the API answers it for the family.
  const fits = await readFamilyFits(context.api, [
    ...delivery.items.map((item) => item.sku),
    ...products.map((product) => product.sku),
  ]);
  return {
    title: `Box of ${formatDeliveryDate(delivery.date)}`,
    delivery,
    menus: boxMenus.map(({ slug, name }) => ({ slug, name })),
    menu,
    products: products.map((product) =>
      fits.has(product.sku) ? { ...product, family: fits.get(product.sku) } : product,
    ),
    boxConflicts: delivery.items.flatMap((item) => {
      const fit = fits.get(item.sku);
      return fit && !fit.suits_everyone ? [{ sku: item.sku, name: item.name, conflicts: fit.conflicts }] : [];
    }),
    renderedAt: Date.now(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  return runDeliveryAction(request, context.api);
}

export default function DeliveryPage({ loaderData }: Route.ComponentProps) {
  return <BoxEditor {...loaderData} />;
}
