import type { Menu, Plan } from '@sprout/contracts';
import { formatMoney } from '@sprout/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/onboarding.plans';

export const handle = { title: 'Choose your plan' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const navItem = new URL(request.url).searchParams.get('navItem');
  const [plans, menus] = await Promise.all([
    context.api.get<{ data: Plan[] }>('/api/sales/plans'),
    context.api.get<{ data: Menu[] }>('/api/product-menu-items'),
  ]);
  // navItem names the menu to continue to once a plan is picked; unknown values are ignored.
  const menu = navItem ? menus.data.find((item) => item.slug === navItem) : undefined;
  return {
    plans: plans.data,
    continueTo: menu ? `/menus/${menu.slug}/` : '/menus',
    continueLabel: menu?.name,
  };
}

function tagLabel(tag: string | null): string | null {
  if (!tag) return null;
  if (tag.includes('popular')) return 'Most popular';
  if (tag.includes('best-value')) return 'Best value';
  return tag.replace(/-/g, ' ');
}

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const { plans, continueTo, continueLabel } = loaderData;
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
      <ul className="plan-grid">
        {plans.map((plan) => {
          const label = tagLabel(plan.tag);
          const popular = plan.tag?.includes('popular') ?? false;
          return (
            <li key={plan.id}>
              <article
                className={`plan-card${popular ? ' plan-card--popular' : ''}`}
                aria-labelledby={`plan-${plan.id}`}
                data-plan={plan.slug}
              >
                {label ? <p className="plan-card__ribbon">{label}</p> : null}
                <h2 id={`plan-${plan.id}`} className="plan-card__threshold">
                  <span className="plan-card__count">{plan.threshold}</span> items
                </h2>
                <p className="plan-card__subtitle">per delivery</p>
                <p className="plan-card__price">
                  from <strong>{formatMoney(plan.item_price_from, { alwaysShowCents: true })}</strong> per
                  item
                </p>
                <ul className="plan-card__facts">
                  <li>Box from {formatMoney(plan.box_price_from, { alwaysShowCents: true })}</li>
                  <li>
                    {plan.shipping_cost > 0
                      ? `${formatMoney(plan.shipping_cost, { alwaysShowCents: true })} shipping`
                      : 'Free shipping'}
                  </li>
                  {plan.item_discount_percent > 0 ? (
                    <li>Save {plan.item_discount_percent}% on every item</li>
                  ) : null}
                </ul>
                <p className="plan-card__description">{plan.description}</p>
                <Link
                  className={`button ${popular ? 'button--primary' : 'button--secondary'} plan-card__cta`}
                  to={`${continueTo}?plan=${encodeURIComponent(plan.slug)}`}
                  aria-describedby={`plan-${plan.id}`}
                >
                  Choose {plan.threshold} items
                </Link>
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
