import type { ProductDetail } from '@sprout/contracts';
import {
  commaList,
  endpoints,
  filterOption,
  formatMoney,
  menuTab,
  PRODUCT_PAGE_SIZE,
  presetCardData,
  productCardData,
  suitsFilter,
} from '@sprout/contracts';
import { data, NavLink, useLocation, useNavigation } from 'react-router';
import { type CataloguePricing, cataloguePricing } from '../features/cart/cart-page.server';
import { PresetCard } from '../features/cart/ProductCartControls';
import { FamilyFilter, SUITS_PARAM } from '../features/catalog/FamilyFilter';
import { ClearFiltersButton, MenuFilters } from '../features/catalog/MenuFilters';
import { Pagination } from '../features/catalog/Pagination';
import { ProductCard } from '../features/catalog/ProductCard';
import { PRODUCT_PARAM, ProductDialog } from '../features/catalog/ProductDialog';
import { namesFilters, savedFilters } from '../features/catalog/saved-filters.server';
import { CartBanner } from '../features/promotions/CartBanner';
import { browsingPromoCode } from '../features/promotions/promo-code.server';
import { menuBreadcrumbs, productJsonLd } from '../features/seo/structured-data';
import { isApiError } from '../lib/api-client.server';
import { remoteCatalogue } from '../lib/catalogue.server';
import { orNotFound } from '../lib/http.server';
import { projectList } from '../lib/projection.server';
import type { Route } from './+types/menus';

/** Filters arrive as repeated (`tags=a&tags=b`) or comma-separated values; both mean the same. */
function listParam(params: URLSearchParams, name: string): string[] {
  return [...new Set(commaList.parse(params.getAll(name)))];
}

/** A stale cart cookie (cart gone) must not break the page: read again without the cart. */
async function withCartFallback<T>(cartId: string | null, read: (cartId: string | undefined) => Promise<T>) {
  if (!cartId) return read(undefined);
  try {
    return await read(cartId);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) return read(undefined);
    throw error;
  }
}

/** `?suits=everyone` or a child's id: a family's filter (the API checks it is theirs). */
function parseSuits(params: URLSearchParams): string | undefined {
  const value = params.get(SUITS_PARAM);
  return value !== null && suitsFilter.safeParse(value).success ? value : undefined;
}

/** Prices follow the cart's plan and code: re-read only when those change. */
export { revalidateOnPriceChange as shouldRevalidate } from '../features/cart/useCart';

const MENUS_DESCRIPTION =
  'Chef-made, organic meals and snacks for every stage, from first purees to family dinners.';

/**
 * The dish a `?product=` link opens, priced like its card. A slug we do not sell (a retired dish, a
 * typo) shows the menu without a dialog rather than an error page: the link still leads somewhere.
 */
async function readProduct(
  slug: string,
  { cartId, planId }: CataloguePricing,
  promoCode: string | null,
  api: Route.LoaderArgs['context']['api'],
): Promise<ProductDetail | null> {
  try {
    const answer = await withCartFallback(cartId, (abandoned_cart) =>
      api.read(endpoints.catalog.product, {
        params: { slug },
        query: {
          abandoned_cart,
          plan_id: planId,
          promoCode: promoCode ?? undefined,
          include: 'badge,category',
        },
      }),
    );
    return answer.data;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  // Prices follow a guest's cart (its plan, from the cookie that mirrors local storage) or a
  // signed-in subscriber's plan, whose box the panel shows (decision 042): one choice for them all.
  const pricing = await cataloguePricing(context.api, request);
  const { cartId, planId } = pricing;
  // An address without filters shows the ones saved on the cart (a visitor comes back to them).
  const selected = namesFilters(search)
    ? { indicators: listParam(search, 'indicators'), tags: listParam(search, 'tags') }
    : ((await savedFilters(context.api, cartId)) ?? { indicators: [], tags: [] });

  // Percent-off codes price each dish (price.promo_price): the link's code, or the cart's.
  const promoCode = browsingPromoCode(request, context.api);
  const productQuery = {
    menu_item: params.slug,
    page: Number.isFinite(page) && page > 0 ? page : 1,
    perPage: PRODUCT_PAGE_SIZE,
    indicators: selected.indicators,
    tags: selected.tags,
    include: ['badge' as const, 'category' as const],
  };
  const productSlug = search.get(PRODUCT_PARAM);
  // The catalogue from the API's cache (in one process, no HTTP emulation): decision 028.
  const { catalogue } = context;
  // A signed-in customer's dishes come through the API with their session: a family gets whom each
  // dish does not suit, and its filters (docs/decisions/055). Visitors keep the cache's fast path.
  const suits = pricing.signedIn ? parseSuits(search) : undefined;
  const productSource = pricing.signedIn ? remoteCatalogue(context.api) : catalogue;
  const [menus, indicators, tags, products, bestsellers, product] = await Promise.all([
    catalogue.menus({ include: ['categoryDisplayPrice'], plan_id: planId }),
    catalogue.indicators(),
    catalogue.tags(),
    orNotFound(
      promoCode.then((code) =>
        withCartFallback(cartId, (abandoned_cart) =>
          productSource.products({
            ...productQuery,
            abandoned_cart,
            plan_id: planId,
            promoCode: code ?? undefined,
            suits,
          }),
        ),
      ),
    ),
    withCartFallback(cartId, (abandonedCartId) => catalogue.bestsellers({ abandonedCartId, planId })),
    productSlug ? promoCode.then((code) => readProduct(productSlug, pricing, code, context.api)) : null,
  ]);
  const fullMenu = params.slug
    ? (menus.data.find((candidate) => candidate.slug === params.slug) ?? null)
    : null;
  const menu = fullMenu ? menuTab.parse(fullMenu) : null;
  // Menus are addressed by slug only: /menus/3/ is not a page, even though the API knows id 3.
  if (params.slug && !menu) throw data(null, { status: 404 });
  return {
    title: product?.name ?? menu?.name ?? 'Menus',
    description: product?.excerpt ?? menu?.description ?? MENUS_DESCRIPTION,
    seo: {
      // A dish's own address is its dialog on the full menu, as the sitemap lists it.
      canonicalPath: product ? `/menus?product=${encodeURIComponent(product.slug)}` : undefined,
      image: product?.image.uris['landing-desktop'] ?? fullMenu?.image.uris['landing-desktop'],
      jsonLd: [
        ...(product ? [productJsonLd(context.site.url, product)] : []),
        menuBreadcrumbs(context.site.url, fullMenu, product),
      ],
    },
    product,
    // Only what the page renders: the catalogue's answers carry more (descriptions, every picture size).
    menu,
    menus: projectList(menus.data, menuTab),
    indicators: projectList(indicators.data, filterOption),
    tags: tags.data,
    selected,
    products: projectList(products.data, productCardData),
    pagination: products.meta.pagination,
    family: products.meta.family ? { children: products.meta.family.children, suits: suits ?? null } : null,
    bestsellers: projectList(bestsellers.data, presetCardData),
  };
}

export default function MenusPage({ loaderData }: Route.ComponentProps) {
  const { menu, menus, indicators, tags, selected, products, pagination, bestsellers, product, family } =
    loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith('/menus');
  const basePath = menu ? `/menus/${menu.slug}/` : '/menus';
  const hasFilters = selected.indicators.length + selected.tags.length > 0;

  return (
    <div className="menus-page">
      <CartBanner placement="page" />
      <header className="page-intro">
        <h1>{menu ? menu.name : 'Our menus'}</h1>
        <p>{menu ? menu.description : MENUS_DESCRIPTION}</p>
      </header>

      <nav className="menu-tabs" aria-label="Menus">
        <ul>
          <li>
            <NavLink to="/menus" end>
              All
            </NavLink>
          </li>
          {menus.map((item) => (
            <li key={item.slug}>
              <NavLink to={`/menus/${item.slug}/`}>
                {item.name}
                {item.category_display_price !== undefined ? (
                  <span className="menu-tabs__price">from {formatMoney(item.category_display_price)}</span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      {!menu && bestsellers.length > 0 ? (
        <section className="presets" aria-labelledby="presets-heading">
          <h2 id="presets-heading" className="presets__title">
            Ready-made boxes
          </h2>
          {/* A row that scrolls sideways on small screens: keyboards must be able to scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus (WCAG 2.1.1) */}
          <ul className="presets__list" tabIndex={0} aria-labelledby="presets-heading">
            {bestsellers.map((group) => (
              <li key={group.id}>
                <PresetCard group={group} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="menus-page__body">
        <aside className="menus-page__filters">
          <h2 className="visually-hidden">Filters</h2>
          {family ? <FamilyFilter family={family} search={location.search} basePath={basePath} /> : null}
          <MenuFilters action={basePath} indicators={indicators} tags={tags} selected={selected} />
        </aside>

        <section className="menus-page__results" aria-labelledby="results-heading" aria-busy={loading}>
          <div className="results-bar">
            <h2 id="results-heading" aria-live="polite">
              {pagination.total} {pagination.total === 1 ? 'dish' : 'dishes'}
            </h2>
            {hasFilters ? (
              <ClearFiltersButton menu={basePath} className="link-button" label="Clear filters" />
            ) : null}
          </div>
          {products.length === 0 ? (
            <div className="empty-state">
              <h3>No dishes match these filters</h3>
              <p>Try removing a filter or two: we add new recipes every week.</p>
              <ClearFiltersButton menu={basePath} className="button button--ghost" label="Show every dish" />
            </div>
          ) : (
            <ul className={`product-grid${loading ? ' is-loading' : ''}`}>
              {products.map((product, index) => (
                <li key={product.sku}>
                  <ProductCard product={product} priority={index < 3} />
                </li>
              ))}
            </ul>
          )}
          <Pagination pagination={pagination} />
        </section>
      </div>
      {product ? <ProductDialog product={product} tags={tags} search={location.search} /> : null}
    </div>
  );
}
