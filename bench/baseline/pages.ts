/**
 * The baseline's pages: plain React component trees rendered with react-dom/server renderToString.
 * The markup follows the store's (product cards, menus navigation, filters, presets, a blog article,
 * the account's next box) without its router, hooks, styles or client scripts. Written with
 * createElement because the root tsconfig, which typechecks bench/, has no JSX setting.
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AccountOverviewRow, BestsellerRow, FilterRow, MenuRow, PostRow, ProductRow } from './queries';

export type PricedProduct = ProductRow & { price_cents: number; regular_price_cents: number };

function money(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}

const grams = (milligrams: number) => `${Math.round(milligrams / 100) / 10} g`;

function Document({ title, children }: { title: string; children?: ReactNode }) {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, `${title} | Sprout & Spoon`)),
    h(
      'body',
      null,
      h('header', { className: 'site-header' }, h('a', { href: '/' }, 'Sprout & Spoon')),
      h('main', null, children),
    ),
  );
}

function ProductCard({ product, priority }: { product: PricedProduct; priority: boolean }) {
  const details = `/menus?product=${encodeURIComponent(product.slug)}`;
  return h(
    'article',
    { className: 'product-card', 'aria-labelledby': `product-${product.id}`, 'data-sku': product.sku },
    h(
      'div',
      { className: 'product-card__media' },
      h(
        'a',
        { href: details, tabIndex: -1, 'aria-hidden': 'true' },
        h(
          'picture',
          null,
          h('source', { media: '(min-width: 768px)', srcSet: product.image['meal-card-desktop'] }),
          h('img', {
            src: product.image['meal-card-mobile'],
            alt: '',
            width: 400,
            height: 300,
            loading: priority ? 'eager' : 'lazy',
            decoding: 'async',
          }),
        ),
      ),
      product.badge_name ? h('span', { className: 'badge' }, product.badge_name) : null,
    ),
    h(
      'div',
      { className: 'product-card__body' },
      h('p', { className: 'product-card__category' }, product.category_name),
      h(
        'h3',
        { id: `product-${product.id}`, className: 'product-card__name' },
        h('a', { href: details, className: 'product-card__link' }, product.name),
      ),
      h('p', { className: 'product-card__with' }, product.with),
      h(
        'p',
        { className: 'rating' },
        `${Number(product.rating).toFixed(1)} out of 5 (${product.rating_count} reviews)`,
      ),
      h(
        'dl',
        { className: 'nutrition-facts', 'aria-label': 'Nutrition per serving' },
        h('div', null, h('dt', null, 'Protein'), h('dd', null, grams(product.protein_milligrams))),
        h('div', null, h('dt', null, 'Fiber'), h('dd', null, grams(product.fiber_milligrams))),
        h(
          'div',
          null,
          h('dt', null, 'Veggies'),
          h('dd', null, `${(product.veggie_milliservings / 1000).toFixed(1)} srv`),
        ),
        h('div', null, h('dt', null, 'Superfoods'), h('dd', null, product.superfoods_number)),
      ),
      product.tags.length > 0
        ? h(
            'ul',
            { className: 'chip-list', 'aria-label': 'Diet' },
            product.tags
              .slice(0, 3)
              .map((tag) => h('li', { key: tag, className: 'chip chip--quiet' }, tag.replace(/-/g, ' '))),
          )
        : null,
      h(
        'p',
        { className: 'product-card__price' },
        h('strong', null, money(product.price_cents)),
        product.price_cents < product.regular_price_cents
          ? h('s', { className: 'product-card__regular' }, money(product.regular_price_cents))
          : null,
        h('span', { className: 'product-card__unit' }, ` / ${product.packing_name}`),
      ),
      h(
        'div',
        { className: 'product-card__actions' },
        h('button', { type: 'button', className: 'button' }, 'Add'),
      ),
    ),
  );
}

export function renderMenusPage(input: {
  menus: MenuRow[];
  filters: FilterRow[];
  products: PricedProduct[];
  total: number;
  bestsellers: BestsellerRow[];
}): string {
  const groups = new Map<number, BestsellerRow[]>();
  for (const row of input.bestsellers) groups.set(row.group_id, [...(groups.get(row.group_id) ?? []), row]);
  return `<!DOCTYPE html>${renderToString(
    h(
      Document,
      { title: 'Menus' },
      h(
        'nav',
        { 'aria-label': 'Menus' },
        h(
          'ul',
          null,
          input.menus.map((menu) =>
            h(
              'li',
              { key: menu.id },
              h('a', { href: `/menus/${menu.slug}/` }, menu.name, h('small', null, ` ${menu.subtitle}`)),
              h('span', null, ` ${menu.product_count} dishes`),
            ),
          ),
        ),
      ),
      h(
        'form',
        { className: 'menu-filters', method: 'get' },
        input.filters.map((filter) =>
          h(
            'label',
            { key: `${filter.group}-${filter.slug}` },
            h('input', { type: 'checkbox', name: filter.group === 'indicator' ? 'indicators' : 'tags' }),
            filter.name,
          ),
        ),
      ),
      h(
        'section',
        { className: 'presets' },
        [...groups.values()].map((items) =>
          h(
            'article',
            { key: items[0]!.group_id, className: 'preset-card' },
            h('h3', null, items[0]!.group_name),
            h(
              'ul',
              null,
              items.map((item) => h('li', { key: item.sku }, `${item.quantity} × ${item.name}`)),
            ),
          ),
        ),
      ),
      h('p', null, `${input.total} dishes`),
      h(
        'div',
        { className: 'product-grid' },
        input.products.map((product, index) =>
          h(ProductCard, { key: product.id, product, priority: index < 2 }),
        ),
      ),
    ),
  )}`;
}

/**
 * The article. The store renders its Markdown (markdown-it, then sanitised); the baseline has
 * neither library, so it splits the text into paragraphs: cheaper, and said so in bench/README.md.
 */
export function renderBlogPost(input: {
  post: PostRow;
  categories: { slug: string; name: string }[];
  links: { slug: string; title: string }[];
  products: PricedProduct[];
}): string {
  const { post } = input;
  return `<!DOCTYPE html>${renderToString(
    h(
      Document,
      { title: post.title },
      h(
        'nav',
        { 'aria-label': 'Blog categories' },
        input.categories.map((category) =>
          h('a', { key: category.slug, href: `/blog/category/${category.slug}/` }, category.name),
        ),
      ),
      h(
        'article',
        { className: 'blog-post' },
        h('h1', null, post.title),
        h(
          'p',
          { className: 'post-meta' },
          `${post.author_name} · ${post.published_at.toISOString().slice(0, 10)} · ${post.category_name}`,
        ),
        h('img', { src: `${post.hero_image}/large.webp`, alt: post.hero_alt, width: 1200, height: 630 }),
        h('p', { className: 'lead' }, post.excerpt),
        post.body
          .split(/\n{2,}/)
          .map((paragraph, index) => h('p', { key: `${index}-${paragraph.length}` }, paragraph)),
        h(
          'ul',
          { className: 'chip-list' },
          post.tags.map((tag) => h('li', { key: tag }, tag)),
        ),
      ),
      input.products.length > 0
        ? h(
            'div',
            { className: 'product-grid' },
            input.products.map((product) => h(ProductCard, { key: product.id, product, priority: false })),
          )
        : null,
      h(
        'nav',
        { 'aria-label': 'More articles' },
        input.links.map((link, index) =>
          h('a', { key: `${index}-${link.slug}`, href: `/blog/${link.slug}/` }, link.title),
        ),
      ),
    ),
  )}`;
}

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function renderAccountOverview(account: AccountOverviewRow): string {
  return `<!DOCTYPE html>${renderToString(
    h(
      Document,
      { title: 'Your account' },
      h(
        'div',
        { className: 'account-page' },
        h('h1', null, 'Your account'),
        h(
          'p',
          { className: 'account-lead' },
          `${account.plan_name} · every ${account.frequency_weeks} weeks on ${WEEKDAYS[account.delivery_weekday]}s `,
          account.status !== 'active' ? h('strong', null, `(${account.status})`) : null,
          h('a', { href: '/account/plan' }, 'Change'),
        ),
        account.next_date
          ? h(
              'section',
              { className: 'next-box' },
              h('h2', null, `Your next box: ${account.next_date}`),
              h('p', null, `Edit or skip until ${account.next_cutoff?.toISOString()}`),
              h(
                'ul',
                null,
                (account.items ?? []).map((item) =>
                  h(
                    'li',
                    { key: item.name },
                    h('img', { src: item.image['meal-card-mobile'], alt: '', width: 80, height: 60 }),
                    `${item.quantity} × ${item.name}`,
                  ),
                ),
              ),
            )
          : h('p', null, 'No box is scheduled.'),
      ),
    ),
  )}`;
}
