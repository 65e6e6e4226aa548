/**
 * The bare baseline the bench measures the store against: Fastify, `pg` and react-dom/server only
 * (no React Router, no Drizzle, no store module), on the store's database, doing each bench case's
 * work with equivalent SQL (see queries.ts). It exists to show what the same work costs without the
 * store's layers; it is not a second store: no validation beyond what the case needs, no sessions
 * written, no payments, no experiments, no logging. See bench/README.md.
 *
 * Started by bench/run.ts: PORT, HOST and DATABASE_URL from the environment.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { type PricedProduct, renderAccountOverview, renderBlogPost, renderMenusPage } from './pages';
import * as queries from './queries';

const port = Number(process.env.PORT ?? 3301);
const host = process.env.HOST ?? '127.0.0.1';
// The store's pool size (packages/db client default), so neither side has more connections.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', (error) => console.error('baseline pool:', error.message));

const LIST_PRICING: queries.Pricing = { plan_discount_basis_points: 0, variance_basis_points: 0 };
const PAGE_SIZE = 12;

const dollars = (cents: number) => cents / 100;

function priced(row: queries.ProductRow, pricing: queries.Pricing): PricedProduct {
  const prices = queries.itemPriceCents(row.category_base_price_cents, row.premium_difference_cents, pricing);
  return { ...row, price_cents: prices.price, regular_price_cents: prices.regular };
}

/** The store's product JSON (GET /api/products with include=badge,category), field for field. */
function productJson(row: queries.ProductRow, pricing: queries.Pricing) {
  const prices = queries.itemPriceCents(row.category_base_price_cents, row.premium_difference_cents, pricing);
  const original = queries.itemPriceCents(row.category_base_price_cents, row.premium_difference_cents, {
    ...pricing,
    variance_basis_points: 0,
  });
  return {
    id: row.id,
    sku: row.sku,
    slug: row.slug,
    name: row.name,
    description: row.description,
    excerpt: row.excerpt,
    type: row.type,
    ingredients: row.ingredients,
    with: row.with,
    package: row.package,
    packing_name: row.packing_name,
    weight: row.weight_grams,
    fiber_milligrams: row.fiber_milligrams,
    protein_milligrams: row.protein_milligrams,
    veggie_milliservings: row.veggie_milliservings,
    superfoods_number: row.superfoods_number,
    rating: Number(row.rating),
    rating_count: row.rating_count,
    is_active: row.is_active,
    is_composite: row.is_composite,
    is_flavor_explorer: row.is_flavor_explorer,
    is_hidden_veggie: row.is_hidden_veggie,
    is_premium: row.is_premium,
    item_price: dollars(prices.price),
    price: {
      price: dollars(prices.price),
      regular_price: dollars(prices.regular),
      original_price: dollars(original.price),
      original_regular_price: dollars(row.category_base_price_cents + row.premium_difference_cents),
      premium_difference: dollars(row.premium_difference_cents),
      original_premium_difference: dollars(row.premium_difference_cents),
    },
    image: { uris: row.image },
    images: row.images.map((uris) => ({ uris })),
    nutrition_image: row.nutrition_image,
    indicators: row.indicators,
    tags: row.tags,
    badge:
      row.badge_id === null
        ? null
        : { id: row.badge_id, slug: row.badge_slug, name: row.badge_name, color: row.badge_color },
    category: {
      id: row.category_id,
      name: row.category_name,
      slug: row.category_slug,
      description: row.category_description,
      price: dollars(queries.itemPriceCents(row.category_base_price_cents, 0, pricing).price),
      sorting_weight: row.category_sorting_weight,
    },
  };
}

const listText = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : [];

const app = Fastify({ logger: false });

app.get('/healthz', async () => ({ status: 'ok' }));

app.get('/api/products', async (request, reply) => {
  const query = request.query as Record<string, string | undefined>;
  const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
  const perPage = Math.min(100, Math.max(1, Number.parseInt(query.perPage ?? String(PAGE_SIZE), 10) || 12));
  const tagSlugs = listText(query.tags);
  const [categoryIds, knownTags] = await Promise.all([
    query.menu_item ? queries.findMenuCategoryIds(pool, query.menu_item) : undefined,
    tagSlugs.length ? queries.knownTagSlugs(pool, tagSlugs) : new Set<string>(),
  ]);
  if (query.menu_item && !categoryIds) return reply.code(404).send({ message: 'Menu not found.' });
  const unknown = tagSlugs.filter((slug) => !knownTags.has(slug));
  if (unknown.length) return reply.code(422).send({ message: `Unknown tag: ${unknown.join(', ')}.` });
  const filter: queries.ProductFilter = { tagSlugs };
  if (categoryIds) filter.categoryIds = categoryIds;
  const { rows, total } = await queries.listProducts(pool, filter, {
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  return {
    data: rows.map((row) => productJson(row, LIST_PRICING)),
    meta: {
      pagination: {
        total,
        count: rows.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
});

app.put('/api/sales/abandoned-carts/:cartId/items', async (request, reply) => {
  const { cartId } = request.params as { cartId: string };
  const body = request.body as { sku?: unknown; quantity?: unknown } | null;
  if (typeof body?.sku !== 'string' || !Number.isInteger(body.quantity) || (body.quantity as number) < 0) {
    return reply.code(422).send({ message: 'A sku and a whole quantity are needed.' });
  }
  const outcome = await queries.setCartItem(pool, cartId, body.sku, body.quantity as number);
  if (outcome.status !== 200) return reply.code(outcome.status).send({ message: outcome.message });
  const pricing = outcome.pricing!;
  const lines = outcome.lines!.map((line) => ({ ...productJson(line, pricing), quantity: line.quantity }));
  const subtotal = lines.reduce((sum, line) => sum + Math.round(line.price.price * 100) * line.quantity, 0);
  return { data: { id: cartId, items: lines, costs: { subtotal: dollars(subtotal) } } };
});

app.post('/api/sales/checkout', async (request, reply) => {
  const body = request.body as {
    abandoned_cart_id?: unknown;
    first_delivery_date?: unknown;
    frequency_weeks?: unknown;
    idempotency_key?: unknown;
  } | null;
  if (
    typeof body?.abandoned_cart_id !== 'string' ||
    typeof body.first_delivery_date !== 'string' ||
    typeof body.idempotency_key !== 'string' ||
    ![1, 2, 4].includes(body.frequency_weeks as number)
  ) {
    return reply.code(422).send({ message: 'A cart, a delivery date, a frequency and a key are needed.' });
  }
  const outcome = await queries.completeCheckout(pool, {
    cartId: body.abandoned_cart_id,
    deliveryDate: body.first_delivery_date,
    frequencyWeeks: body.frequency_weeks as number,
    idempotencyKey: body.idempotency_key,
  });
  if (outcome.status !== 201) return reply.code(outcome.status).send({ message: outcome.message });
  return reply.code(201).send({
    data: { status: 'completed', order: { id: outcome.orderId, total: dollars(outcome.totalCents!) } },
  });
});

app.get('/menus', async (_request, reply) => {
  const [menus, filters, page, bestsellers] = await Promise.all([
    queries.listMenus(pool),
    queries.listFilters(pool),
    queries.listProducts(pool, {}, { offset: 0, limit: PAGE_SIZE }),
    queries.listBestsellers(pool),
  ]);
  const html = renderMenusPage({
    menus,
    filters,
    products: page.rows.map((row) => priced(row, LIST_PRICING)),
    total: page.total,
    bestsellers,
  });
  return reply.type('text/html; charset=utf-8').send(html);
});

app.get('/blog/:slug/', async (request, reply) => {
  const { slug } = request.params as { slug: string };
  const [post, categories] = await Promise.all([
    queries.findPost(pool, slug),
    queries.listBlogCategories(pool),
  ]);
  if (!post) return reply.code(404).type('text/html; charset=utf-8').send('<h1>Not found</h1>');
  const [links, products] = await Promise.all([
    queries.listPostLinks(pool, post),
    post.product_slugs.length ? queries.listProductsBySlug(pool, post.product_slugs) : [],
  ]);
  const html = renderBlogPost({
    post,
    categories,
    links,
    products: products.map((row) => priced(row, LIST_PRICING)),
  });
  return reply.type('text/html; charset=utf-8').send(html);
});

/** The session cookie's token, hashed as the store stores it (SHA-256, hex). */
function sessionHash(cookieHeader: string | undefined): string | null {
  const token = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('sid='))
    ?.slice(4);
  return token ? createHash('sha256').update(decodeURIComponent(token)).digest('hex') : null;
}

app.get('/account', async (request, reply) => {
  const hash = sessionHash(request.headers.cookie);
  const session = hash ? await queries.findSessionUser(pool, hash) : undefined;
  if (!session) return reply.redirect('/onboarding/login');
  const account = await queries.findAccountOverview(pool, session.user_id);
  if (!account) return reply.code(404).type('text/html; charset=utf-8').send('<h1>No subscription</h1>');
  return reply.type('text/html; charset=utf-8').send(renderAccountOverview(account));
});

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ port, host });
