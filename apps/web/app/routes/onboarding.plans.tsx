import type { Plan } from '@sprout/contracts';
import {
  CONFIRM_PLAN_PARAM,
  emptyBoxQuestion,
  endpoints,
  formatMoney,
  planChangeEmptiesBox,
} from '@sprout/contracts';
import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { type Pending, pendingFromSearch, pendingToSearch } from '../features/cart/pending';
import { readCartIdFromCookie } from '../features/cart/storage';
import { CART_ACTION, PendingFields, useCartPage } from '../features/cart/useCart';
import { browsingPromoCode } from '../features/promotions/promo-code.server';
import { isApiError } from '../lib/api-client.server';
import type { Route } from './+types/onboarding.plans';

export const handle = { title: 'Choose your plan' };

/** Prices follow the cart's plan and code: re-read only when those change. */
export { revalidateOnPriceChange as shouldRevalidate } from '../features/cart/useCart';

export async function loader({ request, context }: Route.LoaderArgs) {
  const navItem = new URL(request.url).searchParams.get('navItem');
  // The cart cookie marks the visitor's current plan (is_selected); a stale cookie is ignored.
  const cartId = readCartIdFromCookie(request.headers.get('cookie'));
  // With a code (the link's, or the cart's) each plan shows its first box with the code.
  const promoCode = (await browsingPromoCode(request, context.api)) ?? undefined;
  const readPlans = (abandoned_cart_id?: string) =>
    context.api.read(endpoints.catalog.plans, { query: { abandoned_cart_id, promoCode } });
  const [plans, menus] = await Promise.all([
    readPlans(cartId ?? undefined).catch((error: unknown) => {
      if (cartId && isApiError(error) && (error.status === 404 || error.status === 422)) return readPlans();
      throw error;
    }),
    context.api.read(endpoints.catalog.productMenuItems),
  ]);
  // navItem names the menu to continue to once a plan is picked; unknown values are ignored.
  const menu = navItem ? menus.data.find((item) => item.slug === navItem) : undefined;
  return {
    plans: plans.data,
    promoDescription: plans.data.find((plan) => plan.promo_description)?.promo_description ?? null,
    continueTo: menu ? `/menus/${menu.slug}/` : '/menus',
    continueLabel: menu?.name,
    navItem: menu?.slug ?? null,
  };
}

function tagLabel(tag: string | null): string | null {
  if (!tag) return null;
  if (tag.includes('popular')) return 'Most popular';
  if (tag.includes('best-value')) return 'Best value';
  return tag.replace(/-/g, ' ');
}

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const { plans, continueTo, continueLabel, promoDescription, navItem } = loaderData;
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  // What the visitor was adding when sent to choose a plan: added once the plan is saved.
  const pending = pendingFromSearch(query);
  const selectedId = plans.find((plan) => plan.is_selected)?.id ?? null;
  const working = useNavigation().formAction === CART_ACTION;
  // A smaller plan asked for that would empty the box: asked here before anything changes.
  const itemCount = useCartPage().cart?.cart.item_count ?? 0;
  const asked = plans.find((plan) => String(plan.id) === query.get(CONFIRM_PLAN_PARAM));
  const confirming = asked && planChangeEmptiesBox(itemCount, asked.threshold) ? asked : null;
  return (
    <div className="plans-page">
      <ol className="steps" aria-label="Sign-up steps">
        <li>Your details</li>
        <li aria-current="step">Plan</li>
        <li>Fill your box</li>
        <li>Checkout</li>
      </ol>
      <header className="page-intro page-intro--center">
        <h1>How many items per delivery?</h1>
        <p>Pick a box size. Bigger boxes cost less per item, and you can change, pause or skip anytime.</p>
      </header>
      {promoDescription ? (
        <p className="plans-page__promo">
          <span className="plans-page__promo-label">Your code:</span> {promoDescription}
        </p>
      ) : null}
      {confirming ? (
        <EmptyBoxConfirmation
          plan={confirming}
          itemCount={itemCount}
          pending={pending}
          navItem={navItem}
          continueTo={continueTo}
        />
      ) : null}
      <ul className="plan-grid">
        {plans.map((plan) => {
          const label = tagLabel(plan.tag);
          const popular = plan.tag?.includes('popular') ?? false;
          const selected = plan.id === selectedId;
          // With a code: the first box's price, shown beside the struck-through regular box price.
          const promoBox =
            plan.promo_first_box_price_from !== null && plan.promo_first_box_price_from < plan.box_price_from
              ? plan.promo_first_box_price_from
              : null;
          const classes = ['plan-card'];
          if (popular) classes.push('plan-card--popular');
          if (selected) classes.push('plan-card--selected');
          return (
            <li key={plan.id}>
              <article
                className={classes.join(' ')}
                aria-labelledby={`plan-${plan.id}`}
                aria-current={selected ? 'true' : undefined}
                data-plan={plan.slug}
              >
                {label ? <p className="plan-card__ribbon">{label}</p> : null}
                {selected ? <p className="plan-card__current">Your current plan</p> : null}
                <h2 id={`plan-${plan.id}`} className="plan-card__threshold">
                  <span className="plan-card__count">{plan.threshold}</span> items
                </h2>
                <p className="plan-card__subtitle">per delivery</p>
                <p className="plan-card__price">
                  from <strong>{formatMoney(plan.item_price_from, { alwaysShowCents: true })}</strong> per
                  item
                </p>
                {promoBox !== null ? (
                  <p className="plan-card__promo">
                    First box from{' '}
                    <strong className="plan-card__promo-price">
                      {formatMoney(promoBox, { alwaysShowCents: true })}
                    </strong>{' '}
                    <s className="plan-card__was">
                      <span className="visually-hidden">instead of </span>
                      {formatMoney(plan.box_price_from, { alwaysShowCents: true })}
                    </s>
                  </p>
                ) : null}
                <ul className="plan-card__facts">
                  {promoBox !== null ? null : (
                    <li>Box from {formatMoney(plan.box_price_from, { alwaysShowCents: true })}</li>
                  )}
                  <li>
                    {plan.shipping_cost === 0 ? (
                      'Free shipping'
                    ) : plan.promo_free_shipping ? (
                      <>
                        Free shipping on your first box{' '}
                        <s className="plan-card__was">
                          <span className="visually-hidden">instead of </span>
                          {formatMoney(plan.shipping_cost, { alwaysShowCents: true })}
                        </s>
                      </>
                    ) : (
                      `${formatMoney(plan.shipping_cost, { alwaysShowCents: true })} shipping`
                    )}
                  </li>
                  {plan.item_discount_percent > 0 ? (
                    <li>Save {plan.item_discount_percent}% on every item</li>
                  ) : null}
                </ul>
                <p className="plan-card__description">{plan.description}</p>
                <Form method="post" action={CART_ACTION} className="plan-card__form">
                  <input type="hidden" name="intent" value="select-plan" />
                  <input type="hidden" name="plan_id" value={plan.id} />
                  <input type="hidden" name="next" value={continueTo} />
                  {navItem ? <input type="hidden" name="navItem" value={navItem} /> : null}
                  <PendingFields pending={pending} />
                  <button
                    type="submit"
                    className={`button ${popular ? 'button--primary' : 'button--secondary'} plan-card__cta`}
                    aria-describedby={`plan-${plan.id}`}
                    aria-disabled={working ? true : undefined}
                  >
                    {selected ? `Continue with ${plan.threshold} items` : `Choose ${plan.threshold} items`}
                  </button>
                </Form>
              </article>
            </li>
          );
        })}
      </ul>
      <p className="plans-page__note">
        {continueLabel
          ? `Next, you'll fill your box from the ${continueLabel} menu.`
          : 'Next, you will fill your box from our menus.'}
      </p>
    </div>
  );
}

/**
 * The yes or no before a smaller plan empties the box (decision 045): a form of its own, so it asks
 * the same before the JavaScript loaded. No keeps the plan and the box as they are.
 */
function EmptyBoxConfirmation({
  plan,
  itemCount,
  pending,
  navItem,
  continueTo,
}: {
  plan: Plan;
  itemCount: number;
  pending: Pending | null;
  navItem: string | null;
  continueTo: string;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Arriving here answers the press of a plan's button: the question is where the focus goes.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  const keep = pendingToSearch(pending);
  if (navItem) keep.set('navItem', navItem);
  return (
    <section className="plans-confirm" aria-labelledby="plans-confirm-title">
      <h2 id="plans-confirm-title" className="plans-confirm__title" ref={titleRef} tabIndex={-1}>
        Switch to {plan.threshold} items?
      </h2>
      <p>{emptyBoxQuestion(itemCount, plan.threshold)}</p>
      <Form method="post" action={CART_ACTION} className="plans-confirm__actions">
        <input type="hidden" name="intent" value="select-plan" />
        <input type="hidden" name="plan_id" value={plan.id} />
        <input type="hidden" name="confirm_empty" value="1" />
        <input type="hidden" name="next" value={continueTo} />
        {navItem ? <input type="hidden" name="navItem" value={navItem} /> : null}
        <PendingFields pending={pending} />
        <button type="submit" className="button button--primary">
          Empty my box and switch to {plan.threshold} items
        </button>
        <Link className="button button--secondary" to={`/onboarding/plans${keep.size > 0 ? `?${keep}` : ''}`}>
          Keep my {itemCount} items
        </Link>
      </Form>
    </section>
  );
}
