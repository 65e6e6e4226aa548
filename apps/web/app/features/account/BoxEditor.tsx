import type { Delivery, FamilyConflict, Menu, Product } from '@sprout/contracts';
import { type ReactNode, useEffect, useId } from 'react';
import { Form, Link, NavLink, useActionData, useFetcher, useFetchers } from 'react-router';
import { FamilyFlags } from '../catalog/FamilyFlags';
import { ProductCard } from '../catalog/ProductCard';
import { formatDeliveryDate } from '../checkout/format';
import { announce } from '../layout/LiveRegion';
import { CutoffCountdown } from './CutoffCountdown';
import { ReturnHere } from './DeliveryForms';
import { BoxCosts, BoxItems, FilledItems, StatusBadge } from './DeliveryParts';
import type { DeliveryActionData } from './deliveries.server';
import { fillLabel } from './format';

/** A dish of the box that does not suit a child, with whom and why. */
type BoxConflict = { sku: string; name: string; conflicts: FamilyConflict[] };

const itemKey = (date: string, sku: string) => `box-item-${date}-${sku}`;

/** Quantities being sent for this box, by sku (optimistic: shown before the server answers). */
function useSendingQuantities(date: string): Map<string, number> {
  const fetchers = useFetchers();
  const sending = new Map<string, number>();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(`box-item-${date}-`) || !fetcher.formData) continue;
    const sku = String(fetcher.formData.get('sku') ?? '');
    const quantity = Number(fetcher.formData.get('quantity'));
    if (sku && Number.isInteger(quantity)) sending.set(sku, quantity);
  }
  return sending;
}

/** How many of each dish the box holds, with the changes in flight. */
export function useBoxQuantities(delivery: Delivery) {
  const sending = useSendingQuantities(delivery.date);
  const quantities = new Map(delivery.items.map((item) => [item.sku, item.quantity]));
  for (const [sku, quantity] of sending) quantities.set(sku, quantity);
  const count = [...quantities.values()].reduce((sum, quantity) => sum + quantity, 0);
  return { quantities, count };
}

/**
 * − qty + for one dish in one box: each button sends the new absolute quantity (shown at once),
 * one fetcher per dish so a newer press replaces the one in flight; the API's refusal (the plan's
 * limit, the cutoff) shows under it. A plain form post before the JavaScript loads.
 */
export function BoxStepper({
  delivery,
  product,
  quantity,
  full,
}: {
  delivery: Delivery;
  product: { sku: string; name: string };
  quantity: number;
  full: boolean;
}) {
  const fetcher = useFetcher<DeliveryActionData>({ key: itemKey(delivery.date, product.sku) });
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok && outcome.delivery) {
      const line = outcome.delivery.items.find((item) => item.sku === product.sku);
      announce(
        `${product.name}: ${line?.quantity ?? 0} in your box, ${fillLabel(outcome.delivery.item_count, outcome.delivery.threshold)}.`,
      );
    }
  }, [outcome, product]);
  // The same dish can have a stepper in the box and on its card: each its own message id.
  const errorId = useId();
  const warning = outcome && !outcome.ok ? outcome.allergenWarning : undefined;
  const error = outcome && !outcome.ok && !warning ? outcome.message : null;
  return (
    <div className="box-stepper">
      <fetcher.Form method="post" className="stepper" aria-busy={fetcher.state !== 'idle'}>
        <input type="hidden" name="intent" value="set-item" />
        <input type="hidden" name="date" value={delivery.date} />
        <input type="hidden" name="sku" value={product.sku} />
        <ReturnHere />
        <button
          type="submit"
          name="quantity"
          value={Math.max(0, quantity - 1)}
          className="stepper__button"
          aria-label={`Remove one ${product.name}`}
          aria-describedby={error ? errorId : undefined}
          disabled={quantity <= 0}
        >
          <span aria-hidden="true">−</span>
        </button>
        <span className="stepper__count">
          {quantity}
          <span className="visually-hidden"> in this box</span>
        </span>
        <button
          type="submit"
          name="quantity"
          value={quantity + 1}
          className="stepper__button"
          aria-label={`Add one ${product.name}`}
          aria-describedby={error ? errorId : undefined}
          // Before the server says so: the plan's size is known here (the API checks it again).
          aria-disabled={full || undefined}
          title={full ? 'Your box is full: remove a dish first' : undefined}
        >
          <span aria-hidden="true">+</span>
        </button>
      </fetcher.Form>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {warning ? (
        <AllergenQuestion
          date={delivery.date}
          warning={warning}
          Form={fetcher.Form}
          cancel={
            <button type="button" className="button button--ghost" onClick={() => fetcher.reset()}>
              Cancel
            </button>
          }
        />
      ) : null}
    </div>
  );
}

/**
 * "Fill my box for me" (docs/decisions/055): the store adds dishes up to the plan's size, safe for
 * every child, each with its reason; the box then lists them and the customer changes them as
 * usual. A plain form post before the JavaScript loads.
 */
function FillMyBox({ delivery }: { delivery: Delivery }) {
  const fetcher = useFetcher<DeliveryActionData>({ key: `box-fill-${delivery.date}` });
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (outcome?.message) announce(outcome.message);
  }, [outcome]);
  const errorId = useId();
  const error = outcome && !outcome.ok ? outcome.message : null;
  return (
    <fetcher.Form method="post" className="box-fill-me" aria-busy={fetcher.state !== 'idle'}>
      <input type="hidden" name="date" value={delivery.date} />
      <ReturnHere />
      <button
        type="submit"
        name="intent"
        value="fill"
        className="button button--secondary"
        aria-describedby={error ? errorId : undefined}
      >
        Fill my box for me
      </button>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The question asked once before a dish with a child's allergen goes into the box, in the API's
 * words (docs/decisions/055): "Add anyway" sends the same change confirmed, "Cancel" leaves the box
 * as it is. A fetcher's form beside the dish once hydrated; a plain form before.
 */
function AllergenQuestion({
  date,
  warning,
  Form: QuestionForm,
  cancel,
}: {
  date: string;
  warning: NonNullable<DeliveryActionData['allergenWarning']>;
  Form: typeof Form;
  cancel: ReactNode;
}) {
  return (
    <div className="allergen-question" role="alert">
      <p className="allergen-question__message">{warning.message}</p>
      <QuestionForm method="post" className="allergen-question__actions">
        <input type="hidden" name="intent" value="set-item" />
        <input type="hidden" name="date" value={date} />
        <input type="hidden" name="sku" value={warning.sku} />
        <input type="hidden" name="quantity" value={warning.quantity} />
        <input type="hidden" name="accept_allergens" value="on" />
        <ReturnHere />
        <button type="submit" className="button button--primary">
          Add anyway
        </button>
        {cancel}
      </QuestionForm>
    </div>
  );
}

/** The box's dishes that do not suit a child, with the child's name (the API's answer). */
function BoxConflicts({ dishes }: { dishes: BoxConflict[] }) {
  if (dishes.length === 0) return null;
  return (
    <section className="box-conflicts" aria-labelledby="box-conflicts-heading">
      <h3 id="box-conflicts-heading">Not for everyone</h3>
      <ul className="box-conflicts__list">
        {dishes.map((dish) => (
          <li key={dish.sku}>
            <strong>{dish.name}</strong>
            <FamilyFlags fit={{ suits_everyone: false, conflicts: dish.conflicts }} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The box editor: the box on one side (fill, contents, price), the menus' dishes with steppers. */
export function BoxEditor({
  delivery,
  menus,
  menu,
  products,
  boxConflicts = [],
  renderedAt,
}: {
  delivery: Delivery;
  menus: Pick<Menu, 'slug' | 'name'>[];
  menu: string | null;
  products: Product[];
  /** The box's dishes that do not suit a child (docs/decisions/055). */
  boxConflicts?: BoxConflict[];
  renderedAt: number;
}) {
  const label = formatDeliveryDate(delivery.date);
  // Before the JavaScript loads, "+" posts the page: the allergen question comes back as its action data.
  const posted = useActionData<DeliveryActionData>();
  const postedWarning = posted && !posted.ok ? posted.allergenWarning : undefined;
  const { quantities, count } = useBoxQuantities(delivery);
  const full = count >= delivery.threshold;
  const base = `/account/deliveries/${delivery.date}`;
  return (
    <div className="box-editor">
      <p>
        <Link to="/account/deliveries">← All deliveries</Link>
      </p>
      <div className="box-editor__head">
        <h1>Box of {label}</h1>
        <StatusBadge delivery={delivery} />
      </div>
      {delivery.editable ? (
        <CutoffCountdown cutoffAt={delivery.cutoff_at} renderedAt={renderedAt} />
      ) : (
        <p className="notice" role="note">
          {delivery.status === 'skipped'
            ? 'This box is skipped. Bring it back from your deliveries to change what is in it.'
            : 'This box can no longer change: it is past its cutoff.'}
        </p>
      )}
      {postedWarning ? (
        <AllergenQuestion
          date={delivery.date}
          warning={postedWarning}
          Form={Form}
          cancel={
            <Link to={`/account/deliveries/${delivery.date}`} className="button button--ghost">
              Cancel
            </Link>
          }
        />
      ) : null}
      <div className="box-editor__layout">
        <section className="account-card box-editor__box" aria-labelledby="box-heading">
          <h2 id="box-heading">In your box</h2>
          <p
            className={`box-fill${count === delivery.threshold ? ' box-fill--complete' : ''}`}
            data-box-fill=""
          >
            <strong>{fillLabel(count, delivery.threshold)}</strong>
            {count < delivery.threshold ? ` · add ${delivery.threshold - count} more to fill it` : ' · full'}
          </p>
          <progress max={delivery.threshold} value={Math.min(count, delivery.threshold)} aria-hidden="true" />
          {delivery.editable && count < delivery.threshold ? <FillMyBox delivery={delivery} /> : null}
          <BoxItems
            delivery={delivery}
            controls={
              delivery.editable
                ? (item) => (
                    <BoxStepper
                      delivery={delivery}
                      product={item}
                      quantity={quantities.get(item.sku) ?? 0}
                      full={full}
                    />
                  )
                : undefined
            }
          />
          <BoxConflicts dishes={boxConflicts} />
          <FilledItems delivery={delivery} />
          <h3>Price</h3>
          <BoxCosts delivery={delivery} />
        </section>
        {delivery.editable ? (
          <section className="box-editor__menu" aria-labelledby="menu-heading">
            <h2 id="menu-heading">Choose dishes</h2>
            <nav className="menu-tabs" aria-label="Menus">
              <ul>
                {menus.map((item) => (
                  <li key={item.slug}>
                    <NavLink
                      to={`${base}?menu=${item.slug}`}
                      replace
                      preventScrollReset
                      className={() => (menu === item.slug ? 'active' : '')}
                      aria-current={menu === item.slug ? 'page' : undefined}
                    >
                      {item.name}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <ul className="product-grid box-editor__products">
              {products.map((product) => (
                <li key={product.sku}>
                  <ProductCard
                    product={product}
                    controls={
                      <BoxStepper
                        delivery={delivery}
                        product={product}
                        quantity={quantities.get(product.sku) ?? 0}
                        full={full}
                      />
                    }
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
