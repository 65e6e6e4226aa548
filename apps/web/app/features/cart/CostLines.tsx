import { type CartCosts, formatMoney } from '@sprout/contracts';

const money = (value: number) => formatMoney(value, { alwaysShowCents: true });
const negative = (value: number) => formatMoney(-value, { alwaysShowCents: true });

/** A cost that a promotion took away: "Free" beside the struck-through amount it would have been. */
function FreeInstead({ before }: { before: number }) {
  return (
    <dd>
      {before > 0 ? (
        <s className="cost-lines__was">
          <span className="visually-hidden">was </span>
          {money(before)}
        </s>
      ) : null}{' '}
      <span className="cost-lines__free">Free</span>
    </dd>
  );
}

export type CostLinesProps = {
  costs: CartCosts;
  /** The promo discount's label (see discountDescription). */
  discountDescription?: string | null;
  /** The partnership's own words for its order-value discount. */
  partnershipDescription?: string | null;
  /** "Jamie R.": the referrer as the referee may see them (contracts' referrerName). */
  referrerName?: string | null;
  /** Tax shows as "Free" only when a promotion made it free, not when nothing is taxable. */
  freeTax?: boolean;
  label?: string;
  /** What the total is called ("Left to charge to your card" once a gift card pays part of a box). */
  totalLabel?: string;
  /** The cart panel's tighter list; the checkout, its receipt and the account's boxes and orders show the full one. */
  compact?: boolean;
};

/**
 * Every cost line of a cart or an order (design "Costs", in its order): items, the promo discount under its
 * description, the partnership's discount, shipping (struck through when free), tax, referral and
 * account credits, gift cards, what the store covers, and the total. The storefront's cart and checkout and the
 * account's boxes and orders all show this one list: it sits in the root route's "shell" chunk (decision 031),
 * which every page loads anyway, so the account pages using it cost no page a byte.
 */
export function CostLines({
  costs,
  discountDescription = '',
  partnershipDescription,
  referrerName,
  freeTax = false,
  label = 'Costs',
  totalLabel = 'Total',
  compact = false,
}: CostLinesProps) {
  return (
    <dl className={compact ? 'cost-lines cost-lines--compact' : 'cost-lines'} aria-label={label}>
      <div>
        <dt>Items</dt>
        <dd>{money(costs.cart_items)}</dd>
      </div>
      {costs.promo_code_cost > 0 ? (
        <div className="cost-lines__discount">
          <dt>{discountDescription || 'Promo code discount'}</dt>
          <dd>{negative(costs.promo_code_cost)}</dd>
        </div>
      ) : null}
      {costs.order_value_discount > 0 ? (
        <div className="cost-lines__discount">
          <dt>{partnershipDescription || 'Partner benefit'}</dt>
          <dd>{negative(costs.order_value_discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        {costs.shipping_cost === 0 ? (
          <FreeInstead before={costs.shipping_cost_before_discount} />
        ) : (
          <dd>{money(costs.shipping_cost)}</dd>
        )}
      </div>
      <div>
        <dt>Tax</dt>
        {freeTax && costs.tax_cost === 0 && costs.tax_cost_before_discount > 0 ? (
          <FreeInstead before={costs.tax_cost_before_discount} />
        ) : (
          <dd>{money(costs.tax_cost)}</dd>
        )}
      </div>
      {costs.referral_credits_amount_applied > 0 ? (
        <div className="cost-lines__discount">
          <dt>{referrerName ? `Referral credit from ${referrerName}` : 'Referral credit'}</dt>
          <dd>{negative(costs.referral_credits_amount_applied)}</dd>
        </div>
      ) : null}
      {costs.credits_applied_amount > 0 ? (
        <div className="cost-lines__discount">
          <dt>Account credit</dt>
          <dd>{negative(costs.credits_applied_amount)}</dd>
        </div>
      ) : null}
      {costs.gift_cards_amount_applied > 0 ? (
        <div className="cost-lines__discount">
          <dt>Gift cards</dt>
          <dd>{negative(costs.gift_cards_amount_applied)}</dd>
        </div>
      ) : null}
      {costs.comped_amount_applied > 0 ? (
        <div className="cost-lines__discount">
          <dt>On us</dt>
          <dd>{negative(costs.comped_amount_applied)}</dd>
        </div>
      ) : null}
      <div className="cost-lines__total">
        <dt>{totalLabel}</dt>
        <dd>{money(costs.total_cost)}</dd>
      </div>
    </dl>
  );
}
