import type { CartCosts } from '@sprout/contracts';
import { money } from '../checkout/format';

type Line = { label: string; amount: number; kind: 'charge' | 'discount' };

/** The lines a box or order shows, in the design's "Costs" order; lines worth nothing are left out. */
export function costLines(costs: CartCosts, discountDescription: string | null): Line[] {
  const lines: Line[] = [{ label: 'Items', amount: costs.cart_items, kind: 'charge' }];
  const discounts: [string, number][] = [
    [discountDescription || 'Promo code discount', costs.promo_code_cost],
    ['Partner benefit', costs.order_value_discount],
  ];
  for (const [label, amount] of discounts) if (amount > 0) lines.push({ label, amount, kind: 'discount' });
  lines.push({ label: 'Shipping', amount: costs.shipping_cost, kind: 'charge' });
  lines.push({ label: 'Tax', amount: costs.tax_cost, kind: 'charge' });
  const credits: [string, number][] = [
    ['Referral credit', costs.referral_credits_amount_applied],
    ['Account credit', costs.credits_applied_amount],
    ['Gift cards', costs.gift_cards_amount_applied],
    ['On us', costs.comped_amount_applied],
  ];
  for (const [label, amount] of credits) if (amount > 0) lines.push({ label, amount, kind: 'discount' });
  return lines;
}

/**
 * Every cost line of a box or an order and its total. The account site's own list (the cart's
 * CostLines reads the cart's client shape): sharing it would split the storefront's chunks and
 * grow the menus' JavaScript.
 */
export function CostSummary({
  costs,
  discountDescription,
  label,
  totalLabel = 'Total',
}: {
  costs: CartCosts;
  discountDescription: string | null;
  label: string;
  /** What the total is called ("Left to charge to your card" once a gift card pays part). */
  totalLabel?: string;
}) {
  return (
    <dl className="cost-lines" aria-label={label}>
      {costLines(costs, discountDescription).map((line) => (
        <div key={line.label} className={line.kind === 'discount' ? 'cost-lines__discount' : undefined}>
          <dt>{line.label}</dt>
          <dd>
            {line.kind === 'discount' ? money(-line.amount) : null}
            {line.kind === 'charge' && line.label === 'Shipping' && line.amount === 0 ? (
              <>
                {costs.shipping_cost_before_discount > 0 ? (
                  <s className="cost-lines__was">
                    <span className="visually-hidden">was </span>
                    {money(costs.shipping_cost_before_discount)}
                  </s>
                ) : null}{' '}
                <span className="cost-lines__free">Free</span>
              </>
            ) : line.kind === 'charge' ? (
              money(line.amount)
            ) : null}
          </dd>
        </div>
      ))}
      <div className="cost-lines__total">
        <dt>{totalLabel}</dt>
        <dd>{money(costs.total_cost)}</dd>
      </div>
    </dl>
  );
}
