import type { Cart, CartCosts } from '@sprout/contracts';
import type { Ref } from 'react';
import { CostLines } from '../cart/CostLines';
import { PromoCodeForm } from '../promotions/PromoCodeForm';
import { frequencyPhrase, money } from './format';

type Props = {
  planName: string | null;
  itemCount: number;
  threshold: number | null;
  lines: Cart['items'];
  upsellLines: Cart['upsell_items'];
  costs: CartCosts;
  discountDescription: string;
  frequency: number;
  partnershipDescription: string | null;
  referrerName: string | null;
  freeTax: boolean;
  /** A promo code refused at payment time (its use limit was reached meanwhile). */
  promoError: string | null;
  promoErrorRef?: Ref<HTMLParagraphElement>;
};

type Line = { sku: string; name: string; quantity: number; total: number };

/** Quantity, name and amount of each line: the summary's box and add-ons, the success page's order. */
export function LineList({ lines, className }: { lines: Line[]; className?: string }) {
  return (
    <ul className={className}>
      {lines.map((line) => (
        <li key={line.sku}>
          <span className="order-summary__qty">{line.quantity} ×</span>
          <span className="order-summary__name">{line.name}</span>
          <span className="order-summary__amount">{money(line.total)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The order beside the form on desktops: the box, the add-ons, the promo code and every cost. */
export function OrderSummary({
  planName,
  itemCount,
  threshold,
  lines,
  upsellLines,
  costs,
  discountDescription,
  frequency,
  partnershipDescription,
  referrerName,
  freeTax,
  promoError,
  promoErrorRef,
}: Props) {
  const count = `${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="checkout-section__title">
        Order summary
      </h2>
      <p className="order-summary__plan">
        <strong>{planName ?? (threshold !== null ? `${threshold} items` : count)}</strong> ·{' '}
        {frequencyPhrase(frequency)}
      </p>
      <details className="order-summary__lines">
        <summary>{count} in your box</summary>
        <LineList lines={lines.map((line) => ({ ...line, total: line.total_cost }))} />
      </details>
      {upsellLines.length > 0 ? (
        <div className="order-summary__addons">
          <h3 className="order-summary__subtitle">Add-ons</h3>
          <LineList lines={upsellLines.map((line) => ({ ...line, total: line.total_cost }))} />
        </div>
      ) : null}
      <div className="order-summary__promo">
        <PromoCodeForm />
        {promoError ? (
          <p className="checkout-error" ref={promoErrorRef} tabIndex={-1} role="alert">
            {promoError}
          </p>
        ) : null}
      </div>
      <CostLines
        costs={costs}
        discountDescription={discountDescription}
        partnershipDescription={partnershipDescription}
        referrerName={referrerName}
        freeTax={freeTax}
        label="Order costs"
      />
    </aside>
  );
}
