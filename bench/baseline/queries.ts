/**
 * The baseline's SQL: written by hand with `pg`, equivalent to the statements the store's
 * repositories send for the same case (same tables, joins, filters, order and locks), so the
 * comparison measures the store's framework, ORM and rendering overhead, not different queries.
 */
import type pg from 'pg';

export type ImageUris = Record<string, string>;

/** One product card's data: the store's productColumns (product, category, badge, indicator and tag slugs). */
export type ProductRow = {
  id: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  excerpt: string;
  type: string;
  ingredients: string;
  with: string;
  package: string;
  packing_name: string;
  weight_grams: number;
  fiber_milligrams: number;
  protein_milligrams: number;
  veggie_milliservings: number;
  superfoods_number: number;
  rating: string;
  rating_count: number;
  is_active: boolean;
  is_composite: boolean;
  is_flavor_explorer: boolean;
  is_hidden_veggie: boolean;
  is_premium: boolean;
  premium_difference_cents: number;
  image: ImageUris;
  images: ImageUris[];
  nutrition_image: string;
  category_id: number;
  category_name: string;
  category_slug: string;
  category_description: string;
  category_base_price_cents: number;
  category_sorting_weight: number;
  badge_id: number | null;
  badge_slug: string | null;
  badge_name: string | null;
  badge_color: string | null;
  indicators: string[];
  tags: string[];
};

const PRODUCT_COLUMNS = `
  p.id, p.sku, p.slug, p.name, p.description, p.excerpt, p.type, p.ingredients, p.with, p.package,
  p.packing_name, p.weight_grams, p.fiber_milligrams, p.protein_milligrams, p.veggie_milliservings,
  p.superfoods_number, p.rating, p.rating_count, p.is_active, p.is_composite, p.is_flavor_explorer,
  p.is_hidden_veggie, p.is_premium, p.premium_difference_cents, p.sorting_weight, p.image, p.images,
  p.nutrition_image, p.created_at, c.id as category_id, c.name as category_name, c.slug as category_slug,
  c.description as category_description, c.base_price_cents as category_base_price_cents,
  c.sorting_weight as category_sorting_weight, c.is_composable as category_is_composable,
  b.id as badge_id, b.slug as badge_slug, b.name as badge_name, b.color as badge_color,
  array(select i.slug from product_indicators pi join indicators i on i.id = pi.indicator_id
        where pi.product_id = p.id order by i.sorting_weight desc, i.slug) as indicators,
  array(select t.slug from product_tags pt join tags t on t.id = pt.tag_id
        where pt.product_id = p.id order by t.sorting_weight desc, t.slug) as tags`;

const PRODUCT_JOINS = `products p join categories c on c.id = p.category_id left join badges b on b.id = p.badge_id`;

export type ProductFilter = { categoryIds?: number[]; tagSlugs?: string[] };

/** One page and the total in one statement (window count), like the store's listProducts. */
export async function listProducts(
  db: pg.Pool,
  filter: ProductFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const values: unknown[] = [];
  const conditions = ['p.is_active = true'];
  if (filter.categoryIds) {
    values.push(filter.categoryIds);
    conditions.push(`p.category_id = any($${values.length})`);
  }
  if (filter.tagSlugs?.length) {
    values.push(filter.tagSlugs);
    conditions.push(`(select count(*) from product_tags pt join tags t on t.id = pt.tag_id
      where pt.product_id = p.id and t.slug = any($${values.length})) = ${filter.tagSlugs.length}`);
  }
  values.push(page.limit, page.offset);
  const result = await db.query<ProductRow & { total: string }>(
    `select ${PRODUCT_COLUMNS}, count(*) over() as total from ${PRODUCT_JOINS}
     where ${conditions.join(' and ')}
     order by p.sorting_weight desc, p.id asc limit $${values.length - 1} offset $${values.length}`,
    values,
  );
  return { rows: result.rows, total: Number(result.rows[0]?.total ?? 0) };
}

/** A menu's categories, like the store's findMenu (by slug). */
export async function findMenuCategoryIds(db: pg.Pool, slug: string): Promise<number[] | undefined> {
  const result = await db.query<{ category_ids: number[] }>(
    `select array(select mc.category_id from menu_categories mc where mc.menu_id = m.id
       order by mc.category_id) as category_ids
     from menus m where m.slug = $1`,
    [slug],
  );
  return result.rows[0]?.category_ids;
}

/** Which tag slugs exist (the store refuses unknown ones with a 422). */
export async function knownTagSlugs(db: pg.Pool, slugs: string[]): Promise<Set<string>> {
  const result = await db.query<{ slug: string }>('select slug from tags where slug = any($1)', [slugs]);
  return new Set(result.rows.map((row) => row.slug));
}

export type MenuRow = { id: number; slug: string; name: string; subtitle: string; product_count: string };

/** The menus navigation with each menu's product count (the store's listMenus). */
export async function listMenus(db: pg.Pool): Promise<MenuRow[]> {
  const result = await db.query<MenuRow>(
    `select m.id, m.slug, m.name, m.subtitle,
       (select count(*) from products p where p.is_active and p.category_id in
         (select mc.category_id from menu_categories mc where mc.menu_id = m.id)) as product_count
     from menus m order by m.sorting_weight desc, m.id asc`,
  );
  return result.rows;
}

export type FilterRow = { slug: string; name: string; group: string };

/** The filter choices the menus page offers: indicators and tags. */
export async function listFilters(db: pg.Pool): Promise<FilterRow[]> {
  const result = await db.query<FilterRow>(
    `(select slug, name, 'indicator' as group, sorting_weight from indicators)
     union all (select slug, name, "group", sorting_weight from tags)
     order by 3, 4 desc, 1`,
  );
  return result.rows;
}

export type BestsellerRow = {
  group_id: number;
  group_name: string;
  quantity: number;
  sku: string;
  name: string;
};

/** The bestseller presets the menus page shows, with their items. */
export async function listBestsellers(db: pg.Pool): Promise<BestsellerRow[]> {
  const result = await db.query<BestsellerRow>(
    `select g.id as group_id, g.name as group_name, i.quantity, p.sku, p.name
     from bestseller_groups g
     join bestseller_group_items i on i.group_id = g.id
     join products p on p.id = i.product_id
     where p.is_active and i.quantity <> 0
     order by g.sorting_weight desc, g.id, i.position, p.id`,
  );
  return result.rows;
}

export type CartLineRow = ProductRow & { quantity: number };

export type Pricing = { plan_discount_basis_points: number; variance_basis_points: number };

/**
 * The cart item update: the store's transaction without its framework. Lock the cart row (with its
 * plan's threshold), find the product, check the box's room, upsert (or delete) the line, touch the
 * cart, read the lines back with their products. Returns null when the request must be refused.
 */
export async function setCartItem(
  pool: pg.Pool,
  cartId: string,
  sku: string,
  quantity: number,
): Promise<{ status: number; lines?: CartLineRow[]; pricing?: Pricing; message?: string }> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const cart = await client.query<Pricing & { status: string; threshold: number | null }>(
      `select ac.status, pl.threshold, coalesce(pl.item_discount_basis_points, 0) as plan_discount_basis_points,
         coalesce(pvg.adjustment_basis_points, 0) as variance_basis_points
       from abandoned_carts ac left join plans pl on pl.id = ac.plan_id
       left join price_variance_groups pvg on pvg.id = ac.price_variance_group_id
       where ac.id = $1 for update of ac`,
      [cartId],
    );
    const locked = cart.rows[0];
    if (locked?.status !== 'open') {
      await client.query('rollback');
      return { status: locked ? 409 : 404, message: 'Cart not open.' };
    }
    const product = await client.query<{ id: number }>(
      'select p.id from products p where p.sku = $1 and p.is_active',
      [sku],
    );
    const productId = product.rows[0]?.id;
    if (productId === undefined) {
      await client.query('rollback');
      return { status: 404, message: `There is no product ${sku} on the menu.` };
    }
    const around = await client.query<{ current: string; others: string }>(
      `select coalesce(sum(quantity) filter (where product_id = $2), 0) as current,
              coalesce(sum(quantity) filter (where product_id <> $2), 0) as others
       from abandoned_cart_items where cart_id = $1`,
      [cartId, productId],
    );
    const current = Number(around.rows[0]?.current ?? 0);
    const others = Number(around.rows[0]?.others ?? 0);
    if (locked.threshold !== null && others + quantity > locked.threshold && quantity > current) {
      await client.query('rollback');
      return { status: 422, message: 'Your box is full.' };
    }
    if (quantity === 0) {
      await client.query('delete from abandoned_cart_items where cart_id = $1 and product_id = $2', [
        cartId,
        productId,
      ]);
    } else {
      await client.query(
        `insert into abandoned_cart_items (cart_id, product_id, quantity) values ($1, $2, $3)
         on conflict (cart_id, product_id) do update set quantity = excluded.quantity`,
        [cartId, productId, quantity],
      );
    }
    await client.query('update abandoned_carts set updated_at = now() where id = $1', [cartId]);
    const lines = await client.query<CartLineRow>(
      `select ${PRODUCT_COLUMNS}, aci.quantity from abandoned_cart_items aci
       join products p on p.id = aci.product_id join categories c on c.id = p.category_id
       left join badges b on b.id = p.badge_id
       where aci.cart_id = $1
       order by c.sorting_weight desc, aci.added_at asc, p.id asc`,
      [cartId],
    );
    await client.query('commit');
    return { status: 200, lines: lines.rows, pricing: locked };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The store's item price under a plan and variance group (pricing/item-prices.ts), restated. */
export function itemPriceCents(
  basePriceCents: number,
  premiumDifferenceCents: number,
  pricing: Pricing,
): { price: number; regular: number } {
  const adjusted = Math.round((basePriceCents * (10_000 + pricing.variance_basis_points)) / 10_000);
  const discounted = Math.max(
    0,
    Math.round((adjusted * (10_000 - pricing.plan_discount_basis_points)) / 10_000),
  );
  return {
    price: discounted + premiumDifferenceCents,
    regular: Math.max(0, adjusted) + premiumDifferenceCents,
  };
}

type CheckoutCart = Pricing & {
  status: string;
  email: string;
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  phone: string | null;
  delivery_instructions: string | null;
  password_hash: string | null;
  receives_sms_updates: boolean;
  plan_id: number;
  shipping_cost_cents: number;
  zip_code_id: number;
  zip_code: string;
  state_id: number;
  state_code: string;
  tax_rate_basis_points: number;
};

/**
 * Checkout completion, the minimal same writes as the store's order transaction: lock the ready
 * cart, read its lines with their prices, create the account, its address, the subscription, the
 * order and its lines, and mark the cart checked out. No payment, promotions, deliveries schedule,
 * mail or session (the store does those): see bench/README.md.
 */
export async function completeCheckout(
  pool: pg.Pool,
  input: { cartId: string; deliveryDate: string; frequencyWeeks: number; idempotencyKey: string },
): Promise<{ status: number; orderId?: number; totalCents?: number; message?: string }> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const found = await client.query<CheckoutCart>(
      `select ac.status, ac.email, ac.first_name, ac.last_name, ac.address_line_1, ac.address_line_2, ac.city,
         ac.phone, ac.delivery_instructions, ac.password_hash, ac.receives_sms_updates, ac.plan_id,
         pl.shipping_cost_cents, coalesce(pl.item_discount_basis_points, 0) as plan_discount_basis_points,
         coalesce(pvg.adjustment_basis_points, 0) as variance_basis_points,
         z.id as zip_code_id, z.code as zip_code, s.id as state_id, s.code as state_code, s.tax_rate_basis_points
       from abandoned_carts ac
       join plans pl on pl.id = ac.plan_id
       join zip_codes z on z.id = ac.zip_code_id
       join states s on s.id = z.state_id
       left join price_variance_groups pvg on pvg.id = ac.price_variance_group_id
       where ac.id = $1 for update of ac`,
      [input.cartId],
    );
    const cart = found.rows[0];
    if (cart?.status !== 'open') {
      await client.query('rollback');
      return { status: cart ? 409 : 404, message: 'This cart cannot check out.' };
    }
    const lines = await client.query<{
      product_id: number;
      sku: string;
      name: string;
      quantity: number;
      base_price_cents: number;
      premium_difference_cents: number;
    }>(
      `select p.id as product_id, p.sku, p.name, aci.quantity, c.base_price_cents, p.premium_difference_cents
       from abandoned_cart_items aci join products p on p.id = aci.product_id
       join categories c on c.id = p.category_id where aci.cart_id = $1 order by p.id`,
      [input.cartId],
    );
    const priced = lines.rows.map((line) => ({
      ...line,
      ...itemPriceCents(line.base_price_cents, line.premium_difference_cents, cart),
    }));
    const itemsCents = priced.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const taxCents = Math.round((itemsCents * cart.tax_rate_basis_points) / 10_000);
    const totalCents = itemsCents + cart.shipping_cost_cents + taxCents;
    const user = await client.query<{ id: number }>(
      `insert into users (email, first_name, last_name, password_hash, receives_sms_updates)
       values ($1, $2, $3, $4, $5) returning id`,
      [cart.email, cart.first_name, cart.last_name, cart.password_hash, cart.receives_sms_updates],
    );
    const userId = user.rows[0]!.id;
    const address = await client.query<{ id: number }>(
      `insert into addresses (user_id, first_name, last_name, address_line_1, address_line_2, city, state_id,
         zip_code_id, phone, delivery_instructions, is_default)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true) returning id`,
      [
        userId,
        cart.first_name,
        cart.last_name,
        cart.address_line_1,
        cart.address_line_2,
        cart.city,
        cart.state_id,
        cart.zip_code_id,
        cart.phone,
        cart.delivery_instructions,
      ],
    );
    const weekday = new Date(`${input.deliveryDate}T12:00:00Z`).getUTCDay() || 7;
    const subscription = await client.query<{ id: number }>(
      `insert into subscriptions (user_id, plan_id, address_id, frequency_weeks, delivery_weekday,
         next_delivery_date, payment_provider)
       values ($1, $2, $3, $4, $5, $6, 'test') returning id`,
      [userId, cart.plan_id, address.rows[0]!.id, input.frequencyWeeks, weekday, input.deliveryDate],
    );
    const order = await client.query<{ id: number }>(
      `insert into orders (user_id, subscription_id, abandoned_cart_id, idempotency_key, status, email,
         delivery_date, frequency_weeks, ship_first_name, ship_last_name, ship_address_line_1,
         ship_address_line_2, ship_city, ship_state_code, ship_zip_code, phone, items_cents,
         promo_discount_cents, order_value_discount_cents, shipping_cents, shipping_before_discount_cents,
         tax_cents, tax_before_discount_cents, referral_credits_cents, credits_applied_cents,
         gift_cards_applied_cents, comped_cents, total_cents, payment_provider)
       values ($1, $2, $3, $4, 'paid', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
         0, 0, $17, $17, $18, $18, 0, 0, 0, 0, $19, 'test') returning id`,
      [
        userId,
        subscription.rows[0]!.id,
        input.cartId,
        input.idempotencyKey,
        cart.email,
        input.deliveryDate,
        input.frequencyWeeks,
        cart.first_name,
        cart.last_name,
        cart.address_line_1,
        cart.address_line_2,
        cart.city,
        cart.state_code,
        cart.zip_code,
        cart.phone,
        itemsCents,
        cart.shipping_cost_cents,
        taxCents,
        totalCents,
      ],
    );
    const orderId = order.rows[0]!.id;
    // One statement for all the lines, like the store's multi-row insert.
    await client.query(
      `insert into order_lines (order_id, product_id, is_upsell, sku, name, quantity, unit_price_cents,
         regular_unit_price_cents)
       select $1, * from unnest($2::int[], $3::bool[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[])`,
      [
        orderId,
        priced.map((line) => line.product_id),
        priced.map(() => false),
        priced.map((line) => line.sku),
        priced.map((line) => line.name),
        priced.map((line) => line.quantity),
        priced.map((line) => line.price),
        priced.map((line) => line.regular),
      ],
    );
    await client.query(
      `update abandoned_carts set status = 'checked_out', profile_id = $2, updated_at = now() where id = $1`,
      [input.cartId, userId],
    );
    await client.query('commit');
    return { status: 201, orderId, totalCents };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export type PostRow = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  author_name: string;
  hero_image: string;
  hero_alt: string;
  tags: string[];
  product_slugs: string[];
  published_at: Date;
  category_id: number;
  category_name: string;
  category_slug: string;
};

/** A published post with its category (the store's findPublishedBySlug). */
export async function findPost(db: pg.Pool, slug: string): Promise<PostRow | undefined> {
  const result = await db.query<PostRow>(
    `select bp.id, bp.slug, bp.title, bp.excerpt, bp.body, bp.author_name, bp.hero_image, bp.hero_alt, bp.tags,
       bp.product_slugs, bp.published_at, bc.id as category_id, bc.name as category_name,
       bc.slug as category_slug
     from blog_posts bp join blog_categories bc on bc.id = bp.category_id
     where bp.published_at is not null and bp.published_at <= now() and bp.slug = $1 limit 1`,
    [slug],
  );
  return result.rows[0];
}

/** The blog's category navigation with published post counts. */
export async function listBlogCategories(
  db: pg.Pool,
): Promise<{ slug: string; name: string; posts: string }[]> {
  const result = await db.query<{ slug: string; name: string; posts: string }>(
    `select bc.slug, bc.name, (select count(*) from blog_posts bp where bp.category_id = bc.id
       and bp.published_at is not null and bp.published_at <= now()) as posts
     from blog_categories bc order by bc.sorting_weight desc, bc.id`,
  );
  return result.rows;
}

/** The post's neighbours and related posts, in one statement (the store uses three). */
export async function listPostLinks(db: pg.Pool, post: PostRow): Promise<{ slug: string; title: string }[]> {
  const result = await db.query<{ slug: string; title: string }>(
    `(select slug, title from blog_posts where published_at <= now() and published_at < $1
        order by published_at desc limit 1)
     union all (select slug, title from blog_posts where published_at <= now() and published_at > $1
        order by published_at asc limit 1)
     union all (select slug, title from blog_posts where published_at <= now() and category_id = $2
        and id <> $3 order by published_at desc limit 3)`,
    [post.published_at, post.category_id, post.id],
  );
  return result.rows;
}

/** The products an article shows, as cards. */
export async function listProductsBySlug(db: pg.Pool, slugs: string[]): Promise<ProductRow[]> {
  const result = await db.query<ProductRow>(
    `select ${PRODUCT_COLUMNS} from ${PRODUCT_JOINS} where p.is_active and p.slug = any($1)
     order by p.sorting_weight desc, p.id`,
    [slugs],
  );
  return result.rows;
}

export type AccountOverviewRow = {
  first_name: string | null;
  plan_name: string;
  status: string;
  frequency_weeks: number;
  delivery_weekday: number;
  next_date: string | null;
  next_cutoff: Date | null;
  next_status: string | null;
  items: { name: string; quantity: number; image: ImageUris }[] | null;
};

/** The signed-in customer from the session cookie's hash: an unexpired, unrevoked session. */
export async function findSessionUser(db: pg.Pool, idHash: string): Promise<{ user_id: number } | undefined> {
  const result = await db.query<{ user_id: number }>(
    `select u.id as user_id from sessions s join users u on u.id = s.user_id
     where s.id_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
    [idHash],
  );
  return result.rows[0];
}

/** The subscription with its plan and the next box (scheduled or skipped) with its items. */
export async function findAccountOverview(
  db: pg.Pool,
  userId: number,
): Promise<AccountOverviewRow | undefined> {
  const result = await db.query<AccountOverviewRow>(
    `select u.first_name, pl.name as plan_name, sub.status, sub.frequency_weeks, sub.delivery_weekday,
       d.delivery_date::text as next_date, d.cutoff_at as next_cutoff, d.status as next_status,
       (select json_agg(json_build_object('name', p.name, 'quantity', di.quantity, 'image', p.image)
          order by p.name)
        from delivery_items di join products p on p.id = di.product_id where di.delivery_id = d.id) as items
     from users u
     join subscriptions sub on sub.user_id = u.id
     join plans pl on pl.id = sub.plan_id
     left join lateral (select * from deliveries dd where dd.subscription_id = sub.id
       and dd.status in ('scheduled', 'skipped', 'locked') and dd.delivery_date >= current_date
       order by dd.delivery_date limit 1) d on true
     where u.id = $1 order by sub.id desc limit 1`,
    [userId],
  );
  return result.rows[0];
}
