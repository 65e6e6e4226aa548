import { formatMoney } from '@sprout/contracts';
import type { ClientCosts } from './mapping';

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
  costs: ClientCosts;
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
        <dd>{money(costs.items)}</dd>
      </div>
      {costs.discount > 0 ? (
        <div className={`${block}__discount`}>
          <dt>{costs.discountDescription || 'Promo code discount'}</dt>
          <dd>{negative(costs.discount)}</dd>
        </div>
      ) : null}
      {costs.orderValueDiscount > 0 ? (
        <div className={`${block}__discount`}>
          <dt>{partnershipDescription || 'Partner benefit'}</dt>
          <dd>{negative(costs.orderValueDiscount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        {costs.shipping === 0 ? (
          <FreeInstead before={costs.shippingBeforeDiscount} block={block} />
        ) : (
          <dd>{money(costs.shipping)}</dd>
        )}
      </div>
      <div>
        <dt>Tax</dt>
        {freeTax && costs.tax === 0 && costs.taxBeforeDiscount > 0 ? (
          <FreeInstead before={costs.taxBeforeDiscount} block={block} />
        ) : (
          <dd>{money(costs.tax)}</dd>
        )}
      </div>
      {costs.referralCredits > 0 ? (
        <div className={`${block}__discount`}>
          <dt>{referrerFirstName ? `Referral credit from ${referrerFirstName}` : 'Referral credit'}</dt>
          <dd>{negative(costs.referralCredits)}</dd>
        </div>
      ) : null}
      {costs.credits > 0 ? (
        <div className={`${block}__discount`}>
          <dt>Account credit</dt>
          <dd>{negative(costs.credits)}</dd>
        </div>
      ) : null}
      {costs.giftCards > 0 ? (
        <div className={`${block}__discount`}>
          <dt>Gift cards</dt>
          <dd>{negative(costs.giftCards)}</dd>
        </div>
      ) : null}
      {costs.comped > 0 ? (
        <div className={`${block}__discount`}>
          <dt>On us</dt>
          <dd>{negative(costs.comped)}</dd>
        </div>
      ) : null}
      <div className={`${block}__total`}>
        <dt>Total</dt>
        <dd>{money(costs.total)}</dd>
      </div>
    </dl>
  );
}
