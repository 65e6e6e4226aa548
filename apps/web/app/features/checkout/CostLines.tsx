import { formatMoney } from '@sprout/contracts';
import type { ClientCosts } from '../cart/mapping';
import { money } from './format';

const negative = (value: number) => formatMoney(-value, { alwaysShowCents: true });

function FreeInstead({ before }: { before: number }) {
  return (
    <dd>
      {before > 0 ? (
        <s className="checkout-costs__was">
          <span className="visually-hidden">was </span>
          {money(before)}
        </s>
      ) : null}{' '}
      <span className="checkout-costs__free">Free</span>
    </dd>
  );
}

export type CostLinesProps = {
  costs: ClientCosts;
  /** The partnership's own words for its order-value discount. */
  partnershipDescription?: string | null;
  referrerFirstName?: string | null;
  /** Tax shows as "Free" only when a promotion made it free, not when nothing is taxable. */
  freeTax?: boolean;
  label?: string;
};

/**
 * Every cost line of an order (design "Costs", in its order): items, the promo discount under its
 * description, the partnership's discount, shipping (struck through when free), tax, referral and
 * account credits, gift cards, what the store covers, and the total.
 */
export function CostLines({
  costs,
  partnershipDescription,
  referrerFirstName,
  freeTax = false,
  label = 'Costs',
}: CostLinesProps) {
  return (
    <dl className="checkout-costs" aria-label={label}>
      <div>
        <dt>Items</dt>
        <dd>{money(costs.items)}</dd>
      </div>
      {costs.discount > 0 ? (
        <div className="checkout-costs__discount">
          <dt>{costs.discountDescription || 'Promo code discount'}</dt>
          <dd>{negative(costs.discount)}</dd>
        </div>
      ) : null}
      {costs.orderValueDiscount > 0 ? (
        <div className="checkout-costs__discount">
          <dt>{partnershipDescription || 'Partner benefit'}</dt>
          <dd>{negative(costs.orderValueDiscount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        {costs.shipping === 0 ? (
          <FreeInstead before={costs.shippingBeforeDiscount} />
        ) : (
          <dd>{money(costs.shipping)}</dd>
        )}
      </div>
      <div>
        <dt>Tax</dt>
        {freeTax && costs.tax === 0 && costs.taxBeforeDiscount > 0 ? (
          <FreeInstead before={costs.taxBeforeDiscount} />
        ) : (
          <dd>{money(costs.tax)}</dd>
        )}
      </div>
      {costs.referralCredits > 0 ? (
        <div className="checkout-costs__discount">
          <dt>{referrerFirstName ? `Referral credit from ${referrerFirstName}` : 'Referral credit'}</dt>
          <dd>{negative(costs.referralCredits)}</dd>
        </div>
      ) : null}
      {costs.credits > 0 ? (
        <div className="checkout-costs__discount">
          <dt>Account credit</dt>
          <dd>{negative(costs.credits)}</dd>
        </div>
      ) : null}
      {costs.giftCards > 0 ? (
        <div className="checkout-costs__discount">
          <dt>Gift cards</dt>
          <dd>{negative(costs.giftCards)}</dd>
        </div>
      ) : null}
      {costs.comped > 0 ? (
        <div className="checkout-costs__discount">
          <dt>On us</dt>
          <dd>{negative(costs.comped)}</dd>
        </div>
      ) : null}
      <div className="checkout-costs__total">
        <dt>Total</dt>
        <dd>{money(costs.total)}</dd>
      </div>
    </dl>
  );
}
