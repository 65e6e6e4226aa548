import type { AdminProduct } from '@sprout/contracts';
import {
  type AdminBestsellerBody,
  type AdminCategoryBody,
  type AdminMenuBody,
  type AdminProductBody,
  centsToDollars,
  dollarsToCents,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import { recordAdminAction } from '../../platform/audit/service';
import type { ProductRow } from './repository';
import * as repository from './repository';

// The catalogue as the admin edits it (decision 027). The storefront's catalogue reads are cached in
// every process (decision 028): the admin routes announce each committed write
// (app.catalogue.changed), so the next /api/products and /menus show it in every replica.

export function toAdminProduct(row: ProductRow): AdminProduct {
  const { product, category } = row;
  return {
    id: product.id,
    sku: product.sku,
    slug: product.slug,
    name: product.name,
    description: product.description,
    excerpt: product.excerpt,
    category: { id: category.id, name: category.name, base_price: centsToDollars(category.basePriceCents) },
    premium_difference: centsToDollars(product.premiumDifferenceCents),
    list_price: centsToDollars(category.basePriceCents + product.premiumDifferenceCents),
    badge: row.badge ? { id: row.badge.id, name: row.badge.name } : null,
    is_active: product.isActive,
    sorting_weight: product.sortingWeight,
    tags: row.tags,
    indicators: row.indicators,
  };
}

export async function listAdminProducts(db: Database): Promise<AdminProduct[]> {
  return (await repository.listAllProducts(db)).map(toAdminProduct);
}

export async function adminProduct(db: Database, id: number): Promise<AdminProduct> {
  const row = await repository.findProductById(db, id);
  if (!row) throw AppError.notFound('There is no such product.');
  return toAdminProduct(row);
}

/** What the product form chooses from: categories, badges, tags and indicators. */
export async function catalogueChoices(db: Database) {
  const [categories, badges, tags, indicators] = await Promise.all([
    repository.listCategories(db),
    repository.listBadges(db),
    repository.listTags(db),
    repository.listIndicators(db),
  ]);
  return {
    categories: categories.map((category) => ({
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: category.description,
      base_price: centsToDollars(category.basePriceCents),
      sorting_weight: category.sortingWeight,
    })),
    badges: badges.map((badge) => ({ id: badge.id, name: badge.name })),
    tags: tags.map((tag) => ({ slug: tag.slug, name: tag.name, group: tag.group })),
    indicators: indicators.map((indicator) => ({ slug: indicator.slug, name: indicator.name })),
  };
}

export async function updateProduct(
  db: Database,
  actorUserId: number,
  id: number,
  body: AdminProductBody,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const before = await repository.findProductById(tx, id);
    if (!before) throw AppError.notFound('There is no such product.');
    if (body.category_id !== undefined && !(await repository.findCategory(tx, body.category_id))) {
      throw AppError.invalidField('category_id', 'Choose one of the categories.');
    }
    const known = await repository.findKnownFilterSlugs(tx, body.indicators ?? [], body.tags ?? []);
    const unknownTag = body.tags?.find((slug) => !known.tags.has(slug));
    if (unknownTag) throw AppError.invalidField('tags', `There is no tag ${unknownTag}.`);
    const unknownIndicator = body.indicators?.find((slug) => !known.indicators.has(slug));
    if (unknownIndicator)
      throw AppError.invalidField('indicators', `There is no indicator ${unknownIndicator}.`);

    const changes: repository.ProductChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description;
    if (body.excerpt !== undefined) changes.excerpt = body.excerpt;
    if (body.category_id !== undefined) changes.categoryId = body.category_id;
    if (body.premium_difference !== undefined) {
      changes.premiumDifferenceCents = dollarsToCents(body.premium_difference);
      changes.isPremium = changes.premiumDifferenceCents > 0;
    }
    if (body.badge_id !== undefined) changes.badgeId = body.badge_id;
    if (body.is_active !== undefined) changes.isActive = body.is_active;
    if (body.sorting_weight !== undefined) changes.sortingWeight = body.sorting_weight;
    try {
      await repository.updateProduct(tx, id, changes);
    } catch {
      throw AppError.invalidField('badge_id', 'Choose one of the badges.');
    }
    if (body.tags) await repository.setProductTags(tx, id, body.tags);
    if (body.indicators) await repository.setProductIndicators(tx, id, body.indicators);
    const after = (await repository.findProductById(tx, id))!;
    await recordAdminAction(tx, {
      actorUserId,
      action: 'product.update',
      entity: 'product',
      entityId: id,
      before: toAdminProduct(before),
      after: toAdminProduct(after),
    });
    return toAdminProduct(after);
  });
}

export async function updateCategory(db: Database, actorUserId: number, id: number, body: AdminCategoryBody) {
  return db.transaction(async (tx) => {
    const before = await repository.findCategory(tx, id);
    if (!before) throw AppError.notFound('There is no such category.');
    await repository.updateCategory(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.base_price === undefined ? {} : { basePriceCents: dollarsToCents(body.base_price) }),
      ...(body.sorting_weight === undefined ? {} : { sortingWeight: body.sorting_weight }),
    });
    const after = (await repository.findCategory(tx, id))!;
    await recordAdminAction(tx, {
      actorUserId,
      action: 'category.update',
      entity: 'category',
      entityId: id,
      before: { ...before },
      after: { ...after },
    });
    return { id: after.id, name: after.name, base_price: centsToDollars(after.basePriceCents) };
  });
}

// ─── Menus and bestseller presets ────────────────────────────────────────────────────────────

export async function listAdminMenus(db: Database) {
  return (await repository.listMenuRows(db)).map(({ menu, categoryIds }) => ({
    id: menu.id,
    slug: menu.slug,
    name: menu.name,
    subtitle: menu.subtitle,
    description: menu.description,
    sorting_weight: menu.sortingWeight,
    primary_category_id: menu.primaryCategoryId,
    category_ids: categoryIds,
  }));
}

export async function updateMenu(db: Database, actorUserId: number, id: number, body: AdminMenuBody) {
  return db.transaction(async (tx) => {
    const before = (await listAdminMenus(tx)).find((menu) => menu.id === id);
    if (!before) throw AppError.notFound('There is no such menu.');
    if (body.category_ids) {
      const known = new Set((await repository.listCategories(tx)).map((category) => category.id));
      if (body.category_ids.some((categoryId) => !known.has(categoryId))) {
        throw AppError.invalidField('category_ids', 'Choose among the categories.');
      }
      if (!body.category_ids.includes(before.primary_category_id)) {
        throw AppError.invalidField('category_ids', 'The menu keeps its main category.');
      }
    }
    await repository.updateMenu(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.subtitle === undefined ? {} : { subtitle: body.subtitle }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.sorting_weight === undefined ? {} : { sortingWeight: body.sorting_weight }),
    });
    if (body.category_ids) await repository.setMenuCategories(tx, id, [...new Set(body.category_ids)]);
    const after = (await listAdminMenus(tx)).find((menu) => menu.id === id)!;
    await recordAdminAction(tx, {
      actorUserId,
      action: 'menu.update',
      entity: 'menu',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

export async function listAdminBestsellers(db: Database) {
  return (await repository.listBestsellerRows(db)).map(({ group, items }) => ({
    id: group.id,
    slug: group.slug,
    name: group.name,
    description: group.description,
    show_on_cart: group.showOnCart,
    items: items.map((item) => ({ sku: item.sku, name: item.name, quantity: item.quantity })),
  }));
}

export async function updateBestseller(
  db: Database,
  actorUserId: number,
  id: number,
  body: AdminBestsellerBody,
) {
  return db.transaction(async (tx) => {
    const before = (await listAdminBestsellers(tx)).find((group) => group.id === id);
    if (!before) throw AppError.notFound('There is no such preset.');
    if (body.items) {
      const skus = body.items.map((item) => item.sku);
      if (new Set(skus).size !== skus.length) throw AppError.invalidField('items', 'Each dish once only.');
      const known = await repository.findSkus(tx, skus);
      const unknown = skus.find((sku) => !known.has(sku));
      if (unknown) throw AppError.invalidField('items', `There is no product ${unknown}.`);
    }
    await repository.updateBestsellerGroup(tx, id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.show_on_cart === undefined ? {} : { showOnCart: body.show_on_cart }),
    });
    if (body.items) await repository.setBestsellerItems(tx, id, body.items);
    const after = (await listAdminBestsellers(tx)).find((group) => group.id === id)!;
    await recordAdminAction(tx, {
      actorUserId,
      action: 'bestseller_preset.update',
      entity: 'bestseller_preset',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
