import type { BestsellerGroup, PresetCardData } from '@sprout/contracts';
import { formatMoney } from '@sprout/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { announce } from '../layout/LiveRegion';
import { CART_ACTION, ReturnTo, useCartFetcher, useCartView, useOptimisticQuantity } from './useCart';

type ProductRef = { sku: string; name: string };

function useSavedQuantity(sku: string): number {
  return useCartView().quantityOf(sku);
}

/**
 * The changes of one product, sent through its fetcher (a newer change of the same sku replaces
 * the one in flight) and said in the live region once saved: "Added Mango Puree, 3 of 24 in your
 * box". A product shows in its card and in the panel at once: only the control that sent the
 * change speaks.
 */
export function useItemChanges(product: ProductRef) {
  const fetcher = useCartFetcher(`cart-item-${product.sku}`);
  const { cart, quantityOf } = useCartView();
  const saved = quantityOf(product.sku);
  const sentFrom = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: spoken once, when the change is saved
  useEffect(() => {
    if (fetcher.state !== 'idle' || sentFrom.current === null) return;
    const before = sentFrom.current;
    sentFrom.current = null;
    // The change's answer is the saved cart (decision 052); without one the loader has read it.
    const answered = fetcher.data?.cart?.cart;
    const box = answered ?? cart;
    const now = answered ? (answered.items.find((line) => line.sku === product.sku)?.quantity ?? 0) : saved;
    if (!fetcher.data?.ok || now === before) return;
    const change = now > before ? 'Added' : now === 0 ? 'Removed' : 'Removed one';
    const count = box.threshold === null ? `${box.item_count}` : `${box.item_count} of ${box.threshold}`;
    announce(`${change} ${product.name}, ${count} in your box`);
  }, [fetcher.state, fetcher.data]);
  return {
    fetcher,
    onSubmit: () => {
      sentFrom.current = saved;
    },
  };
}

export type ItemChanges = ReturnType<typeof useItemChanges>;

/**
 * One product's set-item form: each of its buttons (name="quantity") sends the new absolute
 * quantity. A plain form post before the JavaScript loads.
 */
export function SetItemForm({
  sku,
  changes,
  className,
  children,
}: {
  sku: string;
  changes: ItemChanges;
  className?: string;
  children: ReactNode;
}) {
  const { fetcher, onSubmit } = changes;
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className={className}
      aria-busy={fetcher.state !== 'idle'}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="set-item" />
      <input type="hidden" name="sku" value={sku} />
      <ReturnTo />
      {children}
    </fetcher.Form>
  );
}

/**
 * − qty + for one product, shown at once (optimistic) while it is saved. `focusOnMount`: the
 * stepper replaces the Add button just pressed, so focus moves to its + rather than to <body>.
 */
export function QuantityStepper({
  product,
  changes,
  className,
  focusOnMount = false,
  onPress,
}: {
  product: ProductRef;
  changes: ItemChanges;
  className: string;
  focusOnMount?: boolean;
  onPress?: () => void;
}) {
  const quantity = useOptimisticQuantity(product.sku, useSavedQuantity(product.sku));
  const addOne = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the stepper appears
  useEffect(() => {
    if (focusOnMount) addOne.current?.focus();
  }, []);
  return (
    <SetItemForm sku={product.sku} changes={changes} className={`stepper ${className}`}>
      <button
        type="submit"
        name="quantity"
        value={Math.max(0, quantity - 1)}
        className="stepper__button"
        aria-label={`Remove one ${product.name}`}
        disabled={quantity <= 0}
        onClick={onPress}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="stepper__count">
        {quantity}
        <span className="visually-hidden"> in your box</span>
      </span>
      <button
        ref={addOne}
        type="submit"
        name="quantity"
        value={quantity + 1}
        className="stepper__button"
        aria-label={`Add one ${product.name}`}
        onClick={onPress}
      >
        <span aria-hidden="true">+</span>
      </button>
    </SetItemForm>
  );
}

/** The product card's 'Add' button (a real form: it works before hydration), a stepper once added. */
export function ProductCartControls({ product }: { product: ProductRef }) {
  const changes = useItemChanges(product);
  const quantity = useOptimisticQuantity(product.sku, useSavedQuantity(product.sku));
  // Pressed here: the control that takes the pressed one's place (the stepper after Add, Add
  // after the last −) takes its focus too, rather than leaving it on <body>, where a keyboard user would lose their place.
  const [pressed, setPressed] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const showsAdd = quantity === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when Add comes back
  useEffect(() => {
    if (pressed && showsAdd) addButton.current?.focus();
  }, [showsAdd]);
  if (!showsAdd)
    return (
      <QuantityStepper
        product={product}
        changes={changes}
        className="product-card__stepper"
        focusOnMount={pressed}
        onPress={() => setPressed(true)}
      />
    );
  const pending = changes.fetcher.state !== 'idle';
  return (
    <SetItemForm sku={product.sku} changes={changes}>
      <button
        type="submit"
        name="quantity"
        value={1}
        className="button button--primary product-card__add"
        aria-busy={pending}
        ref={addButton}
        onClick={() => setPressed(true)}
      >
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        Add<span className="visually-hidden"> {product.name}</span>
      </button>
    </SetItemForm>
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
export function PresetCard({ group }: { group: PresetCardData }) {
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
