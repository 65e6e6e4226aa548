import { endpoints, formatMoney } from '@sprout/contracts';
import { Link } from 'react-router';
import { ProductCard } from '../features/catalog/ProductCard';
import { HowItWorksSteps } from '../features/layout/HowItWorksSteps';
import { cardSrcSet, useMediaVersion, versionedMedia } from '../features/media/media';
import { GetStartedLink } from '../features/onboarding/GetStartedLink';
import { homeJsonLd } from '../features/seo/structured-data';
import type { Route } from './+types/home';

export const handle = { title: '' };

/** Prices follow the cart's plan and code: re-read only when those change. */
export { revalidateOnPriceChange as shouldRevalidate } from '../features/cart/useCart';

export async function loader({ context }: Route.LoaderArgs) {
  const [menus, plans, favourites] = await Promise.all([
    context.api.read(endpoints.catalog.menus, { query: { include: 'categoryDisplayPrice' } }),
    context.api.read(endpoints.catalog.plans),
    context.api.read(endpoints.catalog.alsoLoved, { query: { limit: 4 } }),
  ]);
  const cheapestItem = Math.min(...plans.data.map((plan) => plan.item_price_from));
  const seo = { jsonLd: homeJsonLd(context.site.url, context.site.name) };
  return { menus: menus.data, favourites: favourites.data, cheapestItem, seo };
}

/** A hero plate is 58% of the picture column: the page less its padding on phones, about 530px on desktops. */
const HERO_PLATE_SIZES = '(min-width: 1024px) 310px, calc(58vw - 19px)';
/** Menu cards: at least 150px in an auto-filled grid, three columns on tablets. */
const MENU_CARD_SIZES = '(min-width: 1024px) 200px, (min-width: 768px) 33vw, 50vw';

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { menus, favourites, cheapestItem } = loaderData;
  const mediaVersion = useMediaVersion();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__copy">
          <p className="eyebrow">Organic baby &amp; kids food, delivered</p>
          <h1 id="hero-heading">Real food for little ones, without the prep.</h1>
          <p className="hero__lead">
            Chef-made purees, finger foods, toddler meals and snacks with hidden veggies and no added sugar.
            Pick a box, fill it with what your kids love, and we deliver every week.
          </p>
          <div className="hero__actions">
            <GetStartedLink className="button button--primary button--large" />
            <Link to="/menus" className="button button--ghost button--large">
              See the menus
            </Link>
          </div>
          {Number.isFinite(cheapestItem) ? (
            <p className="hero__price">
              Meals from {formatMoney(cheapestItem, { alwaysShowCents: true })} per item · free shipping on
              24+
            </p>
          ) : null}
        </div>
        <div className="hero__art" aria-hidden="true">
          {menus.slice(0, 3).map((menu, index) => (
            <img
              key={menu.slug}
              className={`hero__plate hero__plate--${index + 1}`}
              src={versionedMedia(menu.image.uris['meal-card-mobile'], mediaVersion)}
              srcSet={cardSrcSet(menu.image.uris, mediaVersion)}
              sizes={HERO_PLATE_SIZES}
              alt=""
              width={400}
              height={300}
              // The plates are the first screen's largest pictures (which one is the largest paint
              // depends on the screen), small enough to all be fetched first.
              fetchPriority="high"
            />
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="menus-heading">
        <div className="section__head">
          <h2 id="menus-heading">A menu for every stage</h2>
          <Link to="/menus">All menus</Link>
        </div>
        <ul className="menu-card-grid">
          {menus.map((menu) => (
            <li key={menu.slug}>
              <Link to={`/menus/${menu.slug}/`} className="menu-card">
                <img
                  src={versionedMedia(menu.image.uris['meal-card-mobile'], mediaVersion)}
                  srcSet={cardSrcSet(menu.image.uris, mediaVersion)}
                  sizes={MENU_CARD_SIZES}
                  alt=""
                  width={400}
                  height={300}
                  loading="lazy"
                />
                <span className="menu-card__body">
                  <span className="menu-card__name">{menu.name}</span>
                  <span className="menu-card__subtitle">{menu.subtitle}</span>
                  {menu.category_display_price !== undefined ? (
                    <span className="menu-card__price">from {formatMoney(menu.category_display_price)}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tinted" aria-labelledby="how-heading">
        <div className="section__head">
          <h2 id="how-heading">How it works</h2>
          <Link to="/how-it-works">More on how it works</Link>
        </div>
        <HowItWorksSteps />
      </section>

      <section className="section" aria-labelledby="favourites-heading">
        <div className="section__head">
          <h2 id="favourites-heading">Family favourites</h2>
          <Link to="/menus">Browse everything</Link>
        </div>
        <ul className="product-grid product-grid--four">
          {favourites.map((product) => (
            <li key={product.sku}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
