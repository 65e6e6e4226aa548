import type { BestsellerGroup } from '@sprout/contracts';
import { formatMoney } from '@sprout/contracts';
import { CART_ACTION, ReturnTo, useCartFetcher, useCartView, useOptimisticQuantity } from './useCart';

type ProductRef = { sku: string; name: string };

/** The fetcher of one product: a newer change of the same sku replaces the one in flight. */
function useItemFetcher(sku: string) {
  return useCartFetcher(`cart-item-${sku}`);
}

function useSavedQuantity(sku: string): number {
  return useCartView().cart.items.find((line) => line.sku === sku)?.quantity ?? 0;
}

/**
 * − qty + for one product: one form whose buttons send the new absolute quantity, shown at once
 * (optimistic) while it is saved. Works as a plain form post before the JavaScript loads.
 */
export function QuantityStepper({ product, className }: { product: ProductRef; className?: string }) {
  const fetcher = useItemFetcher(product.sku);
  const quantity = useOptimisticQuantity(product.sku, useSavedQuantity(product.sku));
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className={`stepper${className ? ` ${className}` : ''}`}
      aria-busy={fetcher.state !== 'idle'}
    >
      <input type="hidden" name="intent" value="set-item" />
      <input type="hidden" name="sku" value={product.sku} />
      <ReturnTo />
      <button
        type="submit"
        name="quantity"
        value={Math.max(0, quantity - 1)}
        className="stepper__button"
        aria-label={`Remove one ${product.name}`}
        disabled={quantity <= 0}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="stepper__count">
        {quantity}
        <span className="visually-hidden"> in your box</span>
      </span>
      <button
        type="submit"
        name="quantity"
        value={quantity + 1}
        className="stepper__button"
        aria-label={`Add one ${product.name}`}
      >
        <span aria-hidden="true">+</span>
      </button>
    </fetcher.Form>
  );
}

/** The product card's 'Add' button (a real form: it works before hydration), a stepper once added. */
export function ProductCartControls({ product }: { product: ProductRef }) {
  const fetcher = useItemFetcher(product.sku);
  const quantity = useOptimisticQuantity(product.sku, useSavedQuantity(product.sku));
  if (quantity > 0) return <QuantityStepper product={product} className="product-card__stepper" />;
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action={CART_ACTION}>
      <input type="hidden" name="intent" value="set-item" />
      <input type="hidden" name="sku" value={product.sku} />
      <ReturnTo />
      <button
        type="submit"
        name="quantity"
        value={1}
        className="button button--primary product-card__add"
        aria-busy={pending}
      >
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        Add<span className="visually-hidden"> {product.name}</span>
      </button>
    </fetcher.Form>
  );
}

/** One bestseller preset as a button: "Add Starter favourites, 12 items". */
export function PresetButton({
  group,
  className = 'button button--secondary',
}: {
  group: Pick<BestsellerGroup, 'id' | 'name' | 'total_quantity'>;
  className?: string;
}) {
  const fetcher = useCartFetcher(`cart-group-${group.id}`);
  return (
    <fetcher.Form method="post" action={CART_ACTION}>
      <input type="hidden" name="intent" value="add-group" />
      <input type="hidden" name="group" value={group.id} />
      <ReturnTo />
      <button type="submit" className={className} disabled={fetcher.state !== 'idle'}>
        Add all {group.total_quantity}
        <span className="visually-hidden"> items of {group.name}</span>
      </button>
    </fetcher.Form>
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
