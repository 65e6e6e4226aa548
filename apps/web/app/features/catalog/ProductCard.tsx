import { formatMoney, type ProductCardData } from '@sprout/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ProductCartControls } from '../cart/ProductCartControls';
import { cardSrcSet, useMediaVersion, versionedMedia } from '../media/media';
import { FamilyFlags } from './FamilyFlags';
import { productSearch } from './ProductDialog';
import { Rating } from './Rating';

/** The card's width in the product grids (one column on phones, two from 480px, three on desktops). */
const PRODUCT_CARD_SIZES = '(min-width: 1024px) 300px, (min-width: 480px) 45vw, 100vw';

const grams = (milligrams: number) => `${Math.round(milligrams / 100) / 10} g`;

/** One dish on a menu: picture, badge, name, price under the visitor's plan and its nutrition. */
export function ProductCard({
  product,
  priority = false,
  controls,
}: {
  /** A full Product fits too: the card reads only these fields. */
  product: ProductCardData;
  /**
   * Fetched from the document rather than lazily, at the browser's own priority (no
   * `fetchpriority`): a menu's first row, on screen on a desktop but below the menus, presets and
   * filters on a phone, where a high priority would take the bandwidth of the stylesheet and scripts.
   */
  priority?: boolean;
  /** What the card's button does: the cart's Add by default; the account's box editor brings its own. */
  controls?: ReactNode;
}) {
  const { uris } = product.image;
  const mediaVersion = useMediaVersion();
  // On a menus page the dish opens in a dialog on the same URL, keeping its filters and page;
  // elsewhere (the home page) it opens over the full menu.
  const location = useLocation();
  const onMenus = location.pathname.startsWith('/menus');
  const details = onMenus
    ? { search: productSearch(location.search, product.slug) }
    : { pathname: '/menus', search: productSearch('', product.slug) };
  const discounted = product.price.price < product.price.regular_price;
  // A percent-off code prices each dish in the first box (GET /api/products?promoCode=).
  const promoPrice =
    product.price.promo_price !== undefined && product.price.promo_price < product.price.price
      ? product.price.promo_price
      : null;
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}`} data-sku={product.sku}>
      <div className="product-card__media">
        {/* The picture is a second way in for pointers; keyboards and screen readers use the name. */}
        <Link to={details} preventScrollReset={onMenus} tabIndex={-1} aria-hidden="true">
          {/* 400 and 600 pixels wide: a one-column phone card (about 380 CSS px at 1.75x) takes the
              600, a desktop column the 400. */}
          <img
            src={versionedMedia(uris['meal-card-mobile'], mediaVersion)}
            srcSet={cardSrcSet(uris, mediaVersion)}
            sizes={PRODUCT_CARD_SIZES}
            alt=""
            width={400}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
          />
        </Link>
        {product.badge ? (
          <span className="badge" style={{ '--badge-color': product.badge.color } as React.CSSProperties}>
            {product.badge.name}
          </span>
        ) : null}
      </div>
      <div className="product-card__body">
        {product.category ? <p className="product-card__category">{product.category.name}</p> : null}
        <h3 id={`product-${product.id}`} className="product-card__name">
          <Link
            to={details}
            preventScrollReset={onMenus}
            className="product-card__link"
            data-product-link={product.slug}
          >
            {product.name}
          </Link>
        </h3>
        <p className="product-card__with">{product.with}</p>
        <FamilyFlags fit={product.family} />
        <Rating value={product.rating} count={product.rating_count} />
        <dl className="nutrition-facts" aria-label="Nutrition per serving">
          <div>
            <dt>Protein</dt>
            <dd>{grams(product.protein_milligrams)}</dd>
          </div>
          <div>
            <dt>Fiber</dt>
            <dd>{grams(product.fiber_milligrams)}</dd>
          </div>
          <div>
            <dt>Veggies</dt>
            <dd>{(product.veggie_milliservings / 1000).toFixed(1)} srv</dd>
          </div>
          <div>
            <dt>Superfoods</dt>
            <dd>{product.superfoods_number}</dd>
          </div>
        </dl>
        {product.tags.length > 0 ? (
          <ul className="chip-list" aria-label="Diet">
            {product.tags.slice(0, 3).map((tag) => (
              <li key={tag} className="chip chip--quiet">
                {tag.replace(/-/g, ' ')}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="product-card__price">
          <span className="visually-hidden">Price </span>
          {promoPrice !== null ? (
            <>
              <strong className="product-card__promo-price">
                {formatMoney(promoPrice, { alwaysShowCents: true })}
              </strong>
              <s className="product-card__regular">
                <span className="visually-hidden">instead of </span>
                {formatMoney(product.price.price, { alwaysShowCents: true })}
              </s>
            </>
          ) : (
            <>
              <strong>{formatMoney(product.price.price, { alwaysShowCents: true })}</strong>
              {discounted ? (
                <s className="product-card__regular">
                  <span className="visually-hidden">regular price </span>
                  {formatMoney(product.price.regular_price, { alwaysShowCents: true })}
                </s>
              ) : null}
            </>
          )}
          <span className="product-card__unit"> / {product.packing_name}</span>
        </p>
        {promoPrice !== null ? (
          <p className="product-card__promo-note">First-box price with your code</p>
        ) : null}
        <div className="product-card__actions">{controls ?? <ProductCartControls product={product} />}</div>
      </div>
    </article>
  );
}
