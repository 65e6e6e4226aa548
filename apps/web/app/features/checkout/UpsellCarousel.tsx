import type { UpsellItem } from '@sprout/contracts';
import { type MouseEvent, useId, useRef } from 'react';
import { CART_ACTION, ReturnTo, useCartFetcher } from '../cart/useCart';
import { money } from './format';

type Props = {
  items: UpsellItem[];
  /** The saved quantity of an add-on (the cart as the root loader read it). */
  quantityOf(sku: string): number;
  disabled?: boolean;
};

/**
 * Add-ons for the first box (outside the plan's item count, at list price): a horizontally
 * scrollable row of cards, each with − and + buttons named after the product. Arrow buttons
 * scroll the row for pointer users; keyboard users tab through the cards' buttons.
 */
export function UpsellCarousel({ items, quantityOf, disabled = false }: Props) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  if (items.length === 0) return null;

  function scrollBy(direction: 1 | -1) {
    const list = listRef.current;
    if (!list) return;
    const card = list.querySelector<HTMLElement>('.upsell-card');
    const step = (card?.offsetWidth ?? 240) + 12;
    list.scrollBy({ left: direction * step, behavior: 'smooth' });
  }

  return (
    <section className="upsell" aria-labelledby={headingId}>
      <div className="upsell__head">
        <div>
          <h2 id={headingId} className="checkout-section__title">
            Add a little extra
          </h2>
          <p className="upsell__intro">One-time treats for your first box, on top of your plan.</p>
        </div>
        <div className="upsell__arrows">
          <button
            type="button"
            className="upsell__arrow"
            aria-label="Scroll add-ons back"
            onClick={() => scrollBy(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="upsell__arrow"
            aria-label="Scroll add-ons forward"
            onClick={() => scrollBy(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul className="upsell__list" ref={listRef}>
        {items.map((item) => (
          <UpsellCard key={item.sku} item={item} saved={quantityOf(item.sku)} disabled={disabled} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One add-on: its − and + are a form posting to the cart action (intent "upsell"), so they work
 * before the JavaScript loads; a fetcher per product shows the quantity being sent at once, and a
 * newer press replaces the one in flight.
 */
function UpsellCard({ item, saved, disabled }: { item: UpsellItem; saved: number; disabled: boolean }) {
  const fetcher = useCartFetcher(`cart-upsell-${item.sku}`);
  const pending = fetcher.state !== 'idle';
  const sending = fetcher.formData?.get('direction');
  const quantity =
    sending === 'increase' ? saved + 1 : sending === 'decrease' ? Math.max(0, saved - 1) : saved;
  const atMax = quantity >= item.max_quantity;
  return (
    <li className="upsell-card" data-sku={item.sku} aria-busy={pending}>
      {item.image ? (
        <img
          className="upsell-card__image"
          src={item.image}
          alt=""
          width={160}
          height={160}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="upsell-card__image upsell-card__image--empty" aria-hidden="true" />
      )}
      <div className="upsell-card__body">
        <p className="upsell-card__category">{item.category_name}</p>
        <h3 className="upsell-card__name">{item.name}</h3>
        <p className="upsell-card__description">{item.description}</p>
        <p className="upsell-card__price">{money(item.price)}</p>
      </div>
      <fetcher.Form
        method="post"
        action={CART_ACTION}
        className="stepper upsell-card__stepper"
        aria-busy={pending}
      >
        <input type="hidden" name="intent" value="upsell" />
        <input type="hidden" name="sku" value={item.sku} />
        <ReturnTo />
        <StepButton
          direction="decrease"
          label={`Remove one ${item.name}`}
          blocked={disabled || pending || quantity <= 0}
        />
        <span className="stepper__count" aria-live="polite">
          {quantity}
          <span className="visually-hidden"> {item.name} added</span>
        </span>
        <StepButton
          direction="increase"
          label={`Add one ${item.name}`}
          blocked={disabled || pending || atMax}
        />
      </fetcher.Form>
    </li>
  );
}

/** − or +: aria-disabled, not disabled, so a pressed button keeps keyboard focus while it waits. */
function StepButton({
  direction,
  label,
  blocked,
}: {
  direction: 'increase' | 'decrease';
  label: string;
  blocked: boolean;
}) {
  return (
    <button
      type="submit"
      name="direction"
      value={direction}
      className="stepper__button"
      aria-label={label}
      aria-disabled={blocked}
      onClick={(event: MouseEvent) => {
        if (blocked) event.preventDefault();
      }}
    >
      <span aria-hidden="true">{direction === 'increase' ? '+' : '−'}</span>
    </button>
  );
}
