import { formatMoney, type ProductDetail, type Tag } from '@sprout/contracts';
import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProductCartControls } from '../cart/ProductCartControls';
import { useModal } from '../cart/useModal';
import { FamilyFlags } from './FamilyFlags';
import { Rating } from './Rating';

/** The search parameter that opens a dish's dialog on any menus URL: `/menus?product={slug}`. */
export const PRODUCT_PARAM = 'product';

/** The same URL's search with the dialog of `slug` open, or closed when `slug` is null. */
export function productSearch(search: string, slug: string | null): string {
  const params = new URLSearchParams(search);
  if (slug === null) params.delete(PRODUCT_PARAM);
  else params.set(PRODUCT_PARAM, slug);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const grams = (milligrams: number) => `${Math.round(milligrams / 100) / 10} g`;

/**
 * One dish in a modal over the menu: pictures, nutrition facts, ingredients with their allergens
 * and the add control. It is in the server's HTML (a shared link works before the JavaScript
 * loads, its close button is a plain link); once hydrated it traps focus, Escape and the backdrop
 * close it, and focus goes back to the dish's card.
 */
export function ProductDialog({
  product,
  tags,
  search,
}: {
  product: ProductDetail;
  tags: Tag[];
  /** The page's current search, so closing keeps its filters and page. */
  search: string;
}) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const closeTo = { search: productSearch(search, null) };
  const close = () => navigate(closeTo, { preventScrollReset: true });
  useModal(dialogRef, { open: true, onClose: close, initialFocus: headingRef });

  // Opened from a shared link, there was no card to come from: focus goes to the dish's card.
  // Declared after useModal so that this cleanup runs after it has restored focus where it could.
  useEffect(
    () => () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      document.querySelector<HTMLElement>(`[data-product-link="${CSS.escape(product.slug)}"]`)?.focus();
    },
    [product.slug],
  );

  // "Dairy-free", "Vegan": the kitchen's claims, in the filters' order.
  const claims = tags.filter((tag) => product.tags.includes(tag.slug));
  const allergenNames = new Map(product.allergens.map((allergen) => [allergen.slug, allergen.name]));
  const pictures = product.images.length > 0 ? product.images : [product.image];

  return (
    // A click on the backdrop closes the dialog; the keyboard has Escape and the close link.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control
    <div
      className="product-dialog-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={dialogRef}
        className="product-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-product={product.slug}
      >
        <Link to={closeTo} preventScrollReset className="product-dialog__close" aria-label="Close">
          <span aria-hidden="true">×</span>
        </Link>
        <div className="product-dialog__media">
          <ul className="product-dialog__pictures">
            {pictures.map((picture, index) => (
              <li key={picture.uris['landing-desktop']}>
                <img
                  src={picture.uris['meal-card-desktop']}
                  alt={index === 0 ? product.name : `${product.name}, another view`}
                  width={400}
                  height={300}
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </div>
        <div className="product-dialog__body">
          {product.category ? <p className="product-card__category">{product.category.name}</p> : null}
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="product-dialog__title">
            {product.name}
          </h2>
          <p className="product-dialog__with">{product.with}</p>
          <FamilyFlags fit={product.family} />
          <Rating value={product.rating} count={product.rating_count} />
          <p>{product.description}</p>

          <div className="product-dialog__buy">
            <p className="product-card__price">
              <span className="visually-hidden">Price </span>
              <strong>{formatMoney(product.price.price, { alwaysShowCents: true })}</strong>
              <span className="product-card__unit"> / {product.packing_name}</span>
            </p>
            <ProductCartControls product={product} />
          </div>

          <section aria-labelledby={`${headingId}-ingredients`}>
            <h3 id={`${headingId}-ingredients`}>Ingredients</h3>
            <p className="ingredient-list">
              {product.ingredient_list.map((ingredient, index) => (
                <span key={ingredient.name}>
                  {index > 0 ? ', ' : null}
                  {ingredient.allergen ? (
                    <strong className="ingredient--allergen">
                      {ingredient.name} ({allergenNames.get(ingredient.allergen) ?? ingredient.allergen})
                    </strong>
                  ) : (
                    ingredient.name
                  )}
                </span>
              ))}
            </p>
            <p className="allergen-summary">
              <strong>Contains:</strong>{' '}
              {product.allergens.length > 0
                ? product.allergens.map((allergen) => allergen.name).join(', ')
                : 'none of the major allergens'}
            </p>
            {claims.length > 0 ? (
              <ul className="chip-list" aria-label="Diet and allergen claims">
                {claims.map((tag) => (
                  <li key={tag.slug} className="chip chip--quiet">
                    {tag.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <table className="nutrition-table">
            <caption>
              Nutrition per serving ({product.package}, {product.weight} g)
            </caption>
            <tbody>
              <tr>
                <th scope="row">Protein</th>
                <td>{grams(product.protein_milligrams)}</td>
              </tr>
              <tr>
                <th scope="row">Fiber</th>
                <td>{grams(product.fiber_milligrams)}</td>
              </tr>
              <tr>
                <th scope="row">Vegetables</th>
                <td>{(product.veggie_milliservings / 1000).toFixed(1)} servings</td>
              </tr>
              <tr>
                <th scope="row">Superfoods</th>
                <td>{product.superfoods_number}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
