import { formatMoney } from '@sprout/contracts';
import { useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { CartBanner } from '../promotions/CartBanner';
import { PromoCodeForm } from '../promotions/PromoCodeForm';
import { isFullyCovered } from '../promotions/rules';
import { DESKTOP_QUERY, useCartController, useCartState, useMediaQuery } from './CartProvider';
import { CostLines } from './CostLines';
import { type CartLine, groupLinesByCategory } from './mapping';
import { PresetButton, QuantityStepper } from './ProductCartControls';
import { type AppState, nextBiggerPlan } from './state';
import { useModal } from './useModal';

export const CART_PANEL_ID = 'cart-panel';

const money = (value: number) => formatMoney(value, { alwaysShowCents: true });
const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** The header's cart button: toggles the panel and shows how many items are in the box. */
export function CartButton() {
  const { cart } = useCartState();
  const controller = useCartController();
  return (
    <button
      type="button"
      className="cart-button"
      aria-expanded={cart.isOpen}
      aria-controls={cart.isOpen ? CART_PANEL_ID : undefined}
      onClick={controller.toggleCart}
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
      <span className="cart-button__count">{cart.itemCount}</span>
      <span className="visually-hidden"> {cart.itemCount === 1 ? 'item' : 'items'}</span>
    </button>
  );
}

function Progress({ state }: { state: AppState }) {
  const { itemCount, threshold } = state.cart;
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

function UpgradePrompt({ state }: { state: AppState }) {
  const controller = useCartController();
  const { ui, cart, onboarding } = state;
  const prompted = ui.upgradePrompt
    ? (onboarding.plans.find((plan) => plan.id === ui.upgradePrompt?.planId) ?? null)
    : null;
  const full = cart.threshold !== null && cart.itemCount >= cart.threshold;
  const plan = prompted ?? (full ? nextBiggerPlan(onboarding.plans, cart.threshold) : null);
  if (!plan) return null;
  const item = ui.upgradePrompt?.item;
  return (
    <section
      className={`cart-upgrade${prompted ? ' cart-upgrade--prompted' : ''}`}
      aria-labelledby="cart-upgrade-title"
    >
      <h3 id="cart-upgrade-title" className="cart-upgrade__title">
        {prompted ? 'Your box is full' : 'Need more room?'}
      </h3>
      <p className="cart-upgrade__text">
        {item
          ? `Upgrade to a bigger box to add ${item.name}. Bigger boxes cost less per item.`
          : 'A bigger box costs less per item.'}
      </p>
      <div className="cart-upgrade__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={ui.busy > 0}
          onClick={() => void controller.upgradeTo(plan.id)}
        >
          Upgrade to {plan.threshold} items
        </button>
        {prompted ? (
          <button type="button" className="button button--ghost" onClick={controller.dismissUpgrade}>
            Not now
          </button>
        ) : null}
      </div>
    </section>
  );
}

function Line({ line }: { line: CartLine }) {
  const controller = useCartController();
  const { ui } = useCartState();
  const pending = ui.pendingSkus.includes(line.sku);
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
      <QuantityStepper product={line} quantity={line.quantity} className="cart-line__stepper" />
      <button
        type="button"
        className="cart-line__remove"
        aria-label={`Remove ${line.name} from your box`}
        disabled={pending}
        onClick={() => void controller.removeProduct(line)}
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
    </li>
  );
}

function EmptyState({ state }: { state: AppState }) {
  const location = useLocation();
  const presets = state.onboarding.bestsellerGroups.filter((group) => group.show_on_cart);
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
 * Costs (spec section 3 client costs): items, the promo discount under its description, the
 * partnership's order-value discount, shipping and tax ("Free" with the struck-through amount when
 * a promotion removed them), referral and account credits, and the total. Fully covered by
 * promotions (total 0, items above 0) says so.
 */
function Costs({ state }: { state: AppState }) {
  const { costs, referrer } = state.cart;
  const { partnership } = state.onboarding;
  const covered = isFullyCovered(costs);
  // Tax shows as "Free" only when the code's first-box tier makes it free, not when nothing is taxable.
  const promo = state.cart.promoCode;
  const freeTax = Boolean(
    promo?.is_applicable && promo.regulations.find((tier) => tier.weekly_ordinal_number === 1)?.free_tax,
  );
  return (
    <>
      <CostLines
        variant="cart"
        costs={costs}
        partnershipDescription={partnership?.description ?? null}
        referrerFirstName={referrer?.firstName ?? null}
        freeTax={freeTax}
      />
      {covered ? (
        <p className="cart-costs__covered" role="status">
          Your box is fully covered by promotions: nothing to pay today.
        </p>
      ) : null}
    </>
  );
}

function Checkout({ state }: { state: AppState }) {
  const hintId = useId();
  const { pathname } = useLocation();
  // The panel docks beside the checkout page itself: no button leading where the customer already is.
  if (state.onboarding.isReadyToCheckout && pathname.replace(/\/+$/, '') === '/onboarding/checkout')
    return null;
  if (state.onboarding.isReadyToCheckout) {
    return (
      <Link className="button button--primary cart-panel__checkout" to="/onboarding/checkout">
        Checkout
      </Link>
    );
  }
  const { threshold, itemCount } = state.cart;
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
 * The cart panel (spec sections 2 and 4): a side panel beside the page on desktops, a modal drawer
 * below 1024px. Lines grouped by category (sortingWeight descending), progress towards the plan's
 * threshold, the upgrade prompt, costs and Checkout once the box is exactly full.
 */
export function CartPanel() {
  const state = useCartState();
  const controller = useCartController();
  const wide = useMediaQuery(DESKTOP_QUERY);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const open = state.cart.isOpen;
  const modal = open && !wide;
  useModal(panelRef, { open: modal, onClose: controller.closeCart, initialFocus: closeRef });

  if (!open) return null;
  const { cart, ui } = state;
  const loading = ui.phase !== 'ready' && cart.id === null;
  const busy = loading || ui.busy > 0 || ui.pendingSkus.length > 0;
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
          onClick={controller.closeCart}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="cart-panel__body">
        {loading ? (
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
            <PromoCodeForm />
          </>
        )}
      </div>
      {loading ? null : (
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
          <div className="cart-backdrop" onClick={controller.closeCart} />
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
