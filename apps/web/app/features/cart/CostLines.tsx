import { type CartCosts, formatMoney } from '@sprout/contracts';

const money = (value: number) => formatMoney(value, { alwaysShowCents: true });
const negative = (value: number) => formatMoney(-value, { alwaysShowCents: true });

/** A cost that a promotion took away: "Free" beside the struck-through amount it would have been. */
function FreeInstead({ before, block }: { before: number; block: string }) {
  return (
    <dd>
      {before > 0 ? (
        <s className={`${block}__was`}>
          <span className="visually-hidden">was </span>
          {money(before)}
        </s>
      ) : null}{' '}
      <span className={`${block}__free`}>Free</span>
    </dd>
  );
}

export type CostLinesProps = {
  costs: CartCosts;
  /** The promo discount's label (see discountDescription). */
  discountDescription?: string;
  /** The partnership's own words for its order-value discount. */
  partnershipDescription?: string | null;
  referrerFirstName?: string | null;
  /** Tax shows as "Free" only when a promotion made it free, not when nothing is taxable. */
  freeTax?: boolean;
  label?: string;
  /** The cart panel's compact list or the checkout's summary: the same lines, each its own styles. */
  variant?: 'cart' | 'checkout';
};

/**
 * Every cost line of a cart or an order (design "Costs", in its order): items, the promo discount under its
 * description, the partnership's discount, shipping (struck through when free), tax, referral and
 * account credits, gift cards, what the store covers, and the total.
 */
export function CostLines({
  costs,
  discountDescription = '',
  partnershipDescription,
  referrerFirstName,
  freeTax = false,
  label = 'Costs',
  variant = 'checkout',
}: CostLinesProps) {
  const block = `${variant}-costs`;
  return (
    <dl className={block} aria-label={label}>
      <div>
        <dt>Items</dt>
        <dd>{money(costs.cart_items)}</dd>
      </div>
      {costs.promo_code_cost > 0 ? (
        <div className={`${block}__discount`}>
          <dt>{discountDescription || 'Promo code discount'}</dt>
          <dd>{negative(costs.promo_code_cost)}</dd>
        </div>
      ) : null}
      {costs.order_value_discount > 0 ? (
        <div className={`${block}__discount`}>
          <dt>{partnershipDescription || 'Partner benefit'}</dt>
          <dd>{negative(costs.order_value_discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        {costs.shipping_cost === 0 ? (
          <FreeInstead before={costs.shipping_cost_before_discount} block={block} />
        ) : (
          <dd>{money(costs.shipping_cost)}</dd>
        )}
      </div>
      <div>
        <dt>Tax</dt>
        {freeTax && costs.tax_cost === 0 && costs.tax_cost_before_discount > 0 ? (
          <FreeInstead before={costs.tax_cost_before_discount} block={block} />
        ) : (
          <dd>{money(costs.tax_cost)}</dd>
        )}
      </div>
      {costs.referral_credits_amount_applied > 0 ? (
        <div className={`${block}__discount`}>
          <dt>{referrerFirstName ? `Referral credit from ${referrerFirstName}` : 'Referral credit'}</dt>
          <dd>{negative(costs.referral_credits_amount_applied)}</dd>
        </div>
      ) : null}
      {costs.credits_applied_amount > 0 ? (
        <div className={`${block}__discount`}>
          <dt>Account credit</dt>
          <dd>{negative(costs.credits_applied_amount)}</dd>
        </div>
      ) : null}
      {costs.gift_cards_amount_applied > 0 ? (
        <div className={`${block}__discount`}>
          <dt>Gift cards</dt>
          <dd>{negative(costs.gift_cards_amount_applied)}</dd>
        </div>
      ) : null}
      {costs.comped_amount_applied > 0 ? (
        <div className={`${block}__discount`}>
          <dt>On us</dt>
          <dd>{negative(costs.comped_amount_applied)}</dd>
        </div>
      ) : null}
      <div className={`${block}__total`}>
        <dt>Total</dt>
        <dd>{money(costs.total_cost)}</dd>
      </div>
    </dl>
  );
}
