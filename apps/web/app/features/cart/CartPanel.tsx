import {
  type CartItem,
  endpointPaths,
  formatCalendarDay,
  formatMoney,
  referrerName,
} from '@sprout/contracts';
import { useEffect, useId, useRef } from 'react';
import { Link, useFetcher, useLocation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import type { AlsoLovedProduct } from '../../routes/cart.also-loved';
import { formatKitchenInstant } from '../account/format';
import { CartBanner } from '../promotions/CartBanner';
import { PromoCodeForm } from '../promotions/PromoCodeForm';
import { isFullyCovered } from '../promotions/rules';
import { CostLines } from './CostLines';
import { discountDescription, firstBoxTaxFree, groupLinesByCategory } from './lines';
import { PresetButton, QuantityStepper, SetItemForm, useItemChanges } from './ProductCartControls';
import {
  CART_ACTION,
  isCartRoute,
  PendingFields,
  ReturnTo,
  useCartBusy,
  useCartFetcher,
  useCartUi,
  useCartView,
  useOptimisticItemCount,
  useWideWindow,
} from './useCart';
import { useModal } from './useModal';

type View = ReturnType<typeof useCartView>;

export const CART_PANEL_ID = 'cart-panel';

const money = (value: number) => formatMoney(value, { alwaysShowCents: true });
const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** The header's cart button: toggles the panel and shows how many items are in the box. */
export function CartButton() {
  const { cart } = useCartView();
  const ui = useCartUi();
  const { pathname } = useLocation();
  const wide = useWideWindow();
  const dockable = isCartRoute(pathname) && wide;
  const expanded = dockable ? ui.docked : ui.panelOpen;
  return (
    <button
      type="button"
      className="cart-button"
      aria-expanded={expanded}
      aria-controls={expanded ? CART_PANEL_ID : undefined}
      onClick={() => (dockable ? ui.setDocked(!ui.docked) : ui.setPanelOpen((open) => !open))}
    >
      <svg className="cart-button__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M3 7h18l-1.6 11.2A2 2 0 0 1 17.4 20H6.6a2 2 0 0 1-2-1.8L3 7Zm5 0V6a4 4 0 0 1 8 0v1"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">Cart, </span>
      <span className="cart-button__count">{cart.item_count}</span>
      <span className="visually-hidden"> {cart.item_count === 1 ? 'item' : 'items'}</span>
    </button>
  );
}

function Progress({ state }: { state: View }) {
  const { item_count: itemCount, threshold } = state.cart;
  if (threshold === null) {
    return (
      <div className="cart-progress">
        <p className="cart-progress__label">{items(itemCount)} in your box</p>
        <p className="cart-progress__hint">
          <Link to="/onboarding/plans">Choose a plan</Link> to set the size of your box.
        </p>
      </div>
    );
  }
  const missing = Math.max(0, threshold - itemCount);
  return (
    <div className="cart-progress">
      <p className="cart-progress__label" id="cart-progress-label">
        <strong>
          {itemCount} of {threshold}
        </strong>{' '}
        items
      </p>
      <div
        className="cart-progress__bar"
        role="progressbar"
        aria-labelledby="cart-progress-label"
        aria-valuemin={0}
        aria-valuemax={threshold}
        aria-valuenow={Math.min(itemCount, threshold)}
      >
        <span style={{ width: `${Math.min(100, (itemCount / Math.max(1, threshold)) * 100)}%` }} />
      </div>
      <p className="cart-progress__hint">
        {missing > 0 ? `Add ${items(missing)} to fill your box.` : 'Your box is full. Ready to check out!'}
      </p>
    </div>
  );
}

type BoxLine = NonNullable<View['box']>['items'][number];

/** One dish of the subscriber's box: − and + change the box itself (the same set-item form as the menus'). */
function BoxLineItem({ line }: { line: BoxLine }) {
  const changes = useItemChanges(line);
  return (
    <li className="cart-line" data-sku={line.sku} aria-busy={changes.fetcher.state !== 'idle'}>
      <div className="cart-line__info">
        <p className="cart-line__name">{line.name}</p>
        <p className="cart-line__price">
          {money(line.unit_price)} each · <span className="cart-line__total">{money(line.total)}</span>
        </p>
      </div>
      <QuantityStepper product={line} changes={changes} className="cart-line__stepper" />
    </li>
  );
}

/**
 * A signed-in subscriber's panel (docs/decisions/042): their next editable box, its delivery day and cutoff,
 * its count against the plan's size (optimistic while a change is saved), the dishes with − and +,
 * and its costs. Every change goes to the box through the cart's action, as a plain form before
 * the JavaScript loads. No guest cart, code field or checkout: the box is already a subscription.
 */
function SubscriberBoxView({ state }: { state: View }) {
  const accountUrl = useRouteLoaderData<RootData>('root')?.site.accountUrl ?? '/account';
  const count = useOptimisticItemCount();
  const { box } = state;
  if (!box) {
    return (
      <div className="cart-empty">
        <p className="cart-empty__title">None of your next boxes can change now</p>
        <p>They are skipped, paused or past their cutoff.</p>
        <a className="button button--ghost" href={`${accountUrl}/deliveries`}>
          See your boxes
        </a>
      </div>
    );
  }
  const missing = Math.max(0, box.threshold - count);
  return (
    <>
      <div className="cart-progress">
        <p className="cart-progress__label">
          Your box of <time dateTime={box.date}>{formatCalendarDay(box.date)}</time>
        </p>
        <p className="cart-progress__label" id="cart-progress-label">
          <strong>
            {count} of {box.threshold}
          </strong>{' '}
          items
        </p>
        <div
          className="cart-progress__bar"
          role="progressbar"
          aria-labelledby="cart-progress-label"
          aria-valuemin={0}
          aria-valuemax={box.threshold}
          aria-valuenow={Math.min(count, box.threshold)}
        >
          <span style={{ width: `${Math.min(100, (count / Math.max(1, box.threshold)) * 100)}%` }} />
        </div>
        <p className="cart-progress__hint">
          Change it until <time dateTime={box.cutoff_at}>{formatKitchenInstant(box.cutoff_at)}</time>.{' '}
          {missing > 0
            ? `Add ${items(missing)}, or we fill it with dishes you chose before.`
            : 'Your box is full: remove a dish to add another.'}
        </p>
      </div>
      {box.items.length > 0 ? (
        <ul className="cart-group__lines" aria-label="Dishes in your box">
          {box.items.map((line) => (
            <BoxLineItem key={line.sku} line={line} />
          ))}
        </ul>
      ) : null}
      <a className="button button--ghost" href={`${accountUrl}/deliveries/${box.date}`}>
        Open this box in your account
      </a>
    </>
  );
}

/**
 * A change that needs a bigger plan asks first (never upgrades silently), showing the plan and its price; a full
 * box offers the next plan.
 */
function UpgradePrompt({ state }: { state: View }) {
  const ui = useCartUi();
  const fetcher = useCartFetcher('cart-plan');
  const { cart, page } = state;
  const ask = ui.upgrade;
  // Full as the API says it (a box of exactly its plan's size is ready to check out, decision 052).
  const full = state.data?.is_ready_to_checkout ?? false;
  const threshold = cart.threshold;
  const next =
    full && threshold !== null
      ? ([...page.plans]
          .sort((a, b) => a.threshold - b.threshold)
          .find((plan) => plan.threshold > threshold) ?? null)
      : null;
  const plan = ask?.plan ?? next;
  if (!plan) return null;
  return (
    <section
      className={`cart-upgrade${ask ? ' cart-upgrade--prompted' : ''}`}
      aria-labelledby="cart-upgrade-title"
      role={ask ? 'alert' : undefined}
    >
      <h3 id="cart-upgrade-title" className="cart-upgrade__title">
        {ask ? `This needs the ${plan.threshold}-item plan` : 'Need more room?'}
      </h3>
      <p className="cart-upgrade__text">
        {ask
          ? `Your box holds ${cart.threshold ?? 0} items. Switch to ${plan.threshold} items (boxes from ${money(plan.box_price_from)}) to add it?`
          : `A bigger box costs less per item: ${plan.threshold} items from ${money(plan.box_price_from)}.`}
      </p>
      <fetcher.Form
        method="post"
        action={CART_ACTION}
        className="cart-upgrade__actions"
        onSubmit={() => ui.setUpgrade(null)}
      >
        <input type="hidden" name="intent" value="select-plan" />
        <input type="hidden" name="plan_id" value={plan.id} />
        <PendingFields pending={ask?.pending ?? null} />
        <ReturnTo />
        <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
          Switch to {plan.threshold} items
        </button>
        {ask ? (
          <button type="button" className="button button--ghost" onClick={() => ui.setUpgrade(null)}>
            Not now
          </button>
        ) : null}
      </fetcher.Form>
    </section>
  );
}

function Line({ line }: { line: CartItem }) {
  const changes = useItemChanges(line);
  const pending = changes.fetcher.state !== 'idle';
  const uris = line.image.uris;
  return (
    <li className="cart-line" data-sku={line.sku} aria-busy={pending}>
      <picture className="cart-line__image">
        <source media="(min-width: 768px)" srcSet={uris['cart-desktop']} />
        <img src={uris['cart-mobile']} alt="" width={64} height={64} loading="lazy" decoding="async" />
      </picture>
      <div className="cart-line__info">
        <p className="cart-line__name">{line.name}</p>
        <p className="cart-line__price">
          {money(line.price.price)} each · <span className="cart-line__total">{money(line.total_cost)}</span>
        </p>
      </div>
      <QuantityStepper product={line} changes={changes} className="cart-line__stepper" />
      <SetItemForm sku={line.sku} changes={changes}>
        <button
          type="submit"
          name="quantity"
          value={0}
          className="cart-line__remove"
          aria-label={`Remove ${line.name} from your box`}
          disabled={pending}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </SetItemForm>
    </li>
  );
}

/** A recommendation's add button; the click is recorded for the email service (docs/decisions/026). */
function AlsoLovedItem({ product, cartId }: { product: AlsoLovedProduct; cartId: string | null }) {
  const changes = useItemChanges(product);
  return (
    <li className="also-loved__item">
      <span>
        {product.name} <span className="also-loved__price">{money(product.price)}</span>
      </span>
      <SetItemForm
        sku={product.sku}
        changes={{
          ...changes,
          onSubmit: () => {
            changes.onSubmit();
            void fetch(endpointPaths.alsoLoved, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ sku: product.sku, ...(cartId ? { abandoned_cart_id: cartId } : {}) }),
              keepalive: true,
            }).catch(() => {});
          },
        }}
      >
        <button
          type="submit"
          name="quantity"
          value={1}
          className="button button--secondary"
          aria-label={`${product.name}: add to your box`}
        >
          Add
        </button>
      </SetItemForm>
    </li>
  );
}

/** "Customers also loved": loaded by a fetcher once a box is shown (nothing waits for it). */
function AlsoLoved({ state }: { state: View }) {
  const fetcher = useFetcher<{ products: AlsoLovedProduct[] }>();
  const skus = state.cart.items.map((line) => line.sku).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloaded when the box's products change
  useEffect(() => {
    fetcher.load(`/cart/also-loved?skus=${encodeURIComponent(skus)}`);
  }, [skus]);
  const products = fetcher.data?.products.filter((product) => !skus.split(',').includes(product.sku)) ?? [];
  if (products.length === 0) return null;
  return (
    <section className="also-loved" aria-labelledby="also-loved-title">
      <h3 id="also-loved-title" className="cart-group__title">
        Customers also loved
      </h3>
      <ul className="also-loved__list">
        {products.map((product) => (
          <AlsoLovedItem key={product.sku} product={product} cartId={state.data?.cart.id ?? null} />
        ))}
      </ul>
    </section>
  );
}

function EmptyState({ state }: { state: View }) {
  const location = useLocation();
  const presets = state.page.cartPresets;
  return (
    <div className="cart-empty">
      <p className="cart-empty__title">Your box is empty</p>
      <p>Pick meals and snacks from the menus, or start with a ready-made box.</p>
      {presets.length > 0 ? (
        <ul className="cart-empty__presets" aria-label="Ready-made boxes">
          {presets.map((group) => (
            <li key={group.id} className="cart-preset">
              <span className="cart-preset__name">
                {group.name}
                <span className="cart-preset__meta">
                  {items(group.total_quantity)} · {money(group.total_price)}
                </span>
              </span>
              <PresetButton group={group} className="button button--secondary cart-preset__button" />
            </li>
          ))}
        </ul>
      ) : null}
      {location.pathname.startsWith('/menus') ? null : (
        <Link className="button button--ghost" to="/menus">
          Browse the menus
        </Link>
      )}
    </div>
  );
}

/**
 * Costs, as the store charges them: items, the promo discount under its description, the
 * partnership's order-value discount, shipping and tax ("Free" with the struck-through amount when
 * a promotion removed them), referral and account credits, and the total. Fully covered by
 * promotions (total 0, items above 0) says so.
 */
function Costs({ state }: { state: View }) {
  const { costs } = state.cart;
  const partnership = state.data?.partnership ?? null;
  const covered = isFullyCovered(costs);
  return (
    <>
      <CostLines
        compact
        costs={costs}
        discountDescription={discountDescription(state.cart)}
        partnershipDescription={partnership?.description ?? null}
        referrerName={referrerName(state.data?.referrer ?? null)}
        // Tax shows as "Free" only when the code's first-box tier makes it free.
        freeTax={firstBoxTaxFree(state.cart)}
      />
      {covered ? (
        <p className="cart-costs__covered" role="status">
          Your box is fully covered by promotions: nothing to pay today.
        </p>
      ) : null}
    </>
  );
}

function Checkout({ state }: { state: View }) {
  const hintId = useId();
  const { pathname } = useLocation();
  // The panel docks beside the checkout page itself: no button leading where the customer already is.
  if (state.data?.is_ready_to_checkout && pathname.replace(/\/+$/, '') === '/onboarding/checkout')
    return null;
  if (state.data?.is_ready_to_checkout) {
    return (
      <Link className="button button--primary cart-panel__checkout" to="/onboarding/checkout">
        Checkout
      </Link>
    );
  }
  const { threshold, item_count: itemCount } = state.cart;
  const missing = threshold === null ? null : Math.max(0, threshold - itemCount);
  const hint =
    missing === null
      ? 'Choose a plan to check out.'
      : missing > 0
        ? `Add ${missing} more ${missing === 1 ? 'item' : 'items'} to check out.`
        : 'Your box is being updated.';
  return (
    <>
      <button
        type="button"
        className="button button--primary cart-panel__checkout"
        disabled
        aria-describedby={hintId}
      >
        Checkout
      </button>
      <p className="cart-panel__checkout-hint" id={hintId}>
        {hint}
      </p>
    </>
  );
}

/**
 * The cart panel: a side panel beside the page on desktops, a modal drawer
 * below 1024px. Lines grouped by category (sortingWeight descending), progress towards the plan's
 * threshold, the upgrade prompt, costs and Checkout once the box is exactly full.
 */
export function CartPanel() {
  const state = useCartView();
  const ui = useCartUi();
  const { pathname } = useLocation();
  const wide = useWideWindow();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dockable = isCartRoute(pathname);
  // Docked beside the page on cart routes (CSS shows it from 1024px); a drawer everywhere else.
  const modal = ui.panelOpen && !(dockable && wide);
  const close = () => (modal ? ui.setPanelOpen(false) : ui.setDocked(false));
  useModal(panelRef, { open: modal, onClose: close, initialFocus: closeRef });
  const busy = useCartBusy();

  if (!modal && !(dockable && ui.docked)) return null;
  const { cart } = state;
  const loading = false;
  const groups = groupLinesByCategory(cart.items);

  const content = (
    <>
      <header className="cart-panel__head">
        <h2 id="cart-panel-title" className="cart-panel__title">
          Your box
        </h2>
        <button
          ref={closeRef}
          type="button"
          className="cart-panel__close"
          aria-label="Close cart"
          onClick={close}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="cart-panel__body">
        {state.subscriber ? (
          <SubscriberBoxView state={state} />
        ) : loading ? (
          <p className="cart-panel__loading">Loading your box…</p>
        ) : (
          <>
            <CartBanner placement="panel" />
            <Progress state={state} />
            <UpgradePrompt state={state} />
            {cart.items.length === 0 ? (
              <EmptyState state={state} />
            ) : (
              groups.map((group) => (
                <section
                  key={group.category?.id ?? 'other'}
                  className="cart-group"
                  aria-labelledby={`cart-group-${group.category?.id ?? 'other'}`}
                >
                  <h3 className="cart-group__title" id={`cart-group-${group.category?.id ?? 'other'}`}>
                    {group.category?.name ?? 'Other'}
                  </h3>
                  <ul className="cart-group__lines">
                    {group.lines.map((line) => (
                      <Line key={line.sku} line={line} />
                    ))}
                  </ul>
                </section>
              ))
            )}
            {cart.items.length > 0 ? <AlsoLoved state={state} /> : null}
            <PromoCodeForm />
          </>
        )}
      </div>
      {state.subscriber ? (
        state.box ? (
          <footer className="cart-panel__foot">
            <CostLines
              compact
              costs={state.box.costs}
              discountDescription={state.box.discount_description}
              label="Costs of this box"
            />
          </footer>
        ) : null
      ) : loading ? null : (
        <footer className="cart-panel__foot">
          {cart.items.length > 0 ? <Costs state={state} /> : null}
          <Checkout state={state} />
        </footer>
      )}
    </>
  );
  const shared = {
    ref: panelRef,
    id: CART_PANEL_ID,
    className: 'cart-panel',
    'aria-labelledby': 'cart-panel-title',
    'aria-busy': busy,
    tabIndex: -1,
  } as const;

  return (
    <div className={`cart-shell ${modal ? 'cart-shell--modal' : 'cart-shell--docked'}`}>
      {modal ? (
        <>
          {/* The backdrop closes the drawer on a click; keyboard users have Escape and the close button. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the drawer */}
          <div className="cart-backdrop" onClick={close} />
          <div {...shared} role="dialog" aria-modal="true">
            {content}
          </div>
        </>
      ) : (
        <aside {...shared}>{content}</aside>
      )}
    </div>
  );
}
