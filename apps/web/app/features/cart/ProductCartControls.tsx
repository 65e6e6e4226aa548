import type { BestsellerGroup } from '@sprout/contracts';
import { formatMoney } from '@sprout/contracts';
import { useCartController, useCartState } from './CartProvider';
import { quantityOf } from './state';

type ProductRef = { sku: string; name: string };

/** − qty + for one product; the buttons wait while a change for this sku is in flight. */
export function QuantityStepper({
  product,
  quantity,
  className,
}: {
  product: ProductRef;
  quantity: number;
  className?: string;
}) {
  const controller = useCartController();
  const { ui } = useCartState();
  const pending = ui.pendingSkus.includes(product.sku);
  return (
    <div className={`stepper${className ? ` ${className}` : ''}`} aria-busy={pending}>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Remove one ${product.name}`}
        disabled={pending || quantity <= 0}
        onClick={() => void controller.subtractProduct(product)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="stepper__count">
        {quantity}
        <span className="visually-hidden"> in your box</span>
      </span>
      <button
        type="button"
        className="stepper__button"
        aria-label={`Add one ${product.name}`}
        disabled={pending}
        onClick={() => void controller.addProduct(product)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

/** The product card's 'Add' button, a stepper once the product is in the box. */
export function ProductCartControls({ product }: { product: ProductRef }) {
  const controller = useCartController();
  const state = useCartState();
  const quantity = quantityOf(state, product.sku);
  const pending = state.ui.pendingSkus.includes(product.sku);
  // Before hydration nothing would happen on a click: the button waits for the store to start.
  const waiting = state.ui.phase === 'idle';
  if (quantity > 0)
    return <QuantityStepper product={product} quantity={quantity} className="product-card__stepper" />;
  return (
    <button
      type="button"
      className="button button--primary product-card__add"
      disabled={waiting || pending}
      aria-busy={pending}
      onClick={() => void controller.addProduct(product)}
    >
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      Add<span className="visually-hidden"> {product.name}</span>
    </button>
  );
}

/** One bestseller preset as a button: "Add Starter favourites, 12 items". */
export function PresetButton({
  group,
  className = 'button button--secondary',
}: {
  group: BestsellerGroup;
  className?: string;
}) {
  const controller = useCartController();
  const { ui } = useCartState();
  return (
    <button
      type="button"
      className={className}
      disabled={ui.phase === 'idle' || ui.busy > 0}
      onClick={() => void controller.addBestsellerGroup(group.id)}
    >
      Add all {group.total_quantity}
      <span className="visually-hidden"> items of {group.name}</span>
    </button>
  );
}

/** A card for a bestseller preset: name, size, price under the cart's plan, and its button. */
export function PresetCard({ group }: { group: BestsellerGroup }) {
  return (
    <article className="preset-card" aria-labelledby={`preset-${group.id}`} data-preset={group.slug}>
      <h3 id={`preset-${group.id}`} className="preset-card__name">
        {group.name}
      </h3>
      <p className="preset-card__meta">
        {group.total_quantity} items · {formatMoney(group.total_price, { alwaysShowCents: true })}
      </p>
      <p className="preset-card__description">{group.description}</p>
      <PresetButton group={group} />
    </article>
  );
}
