import { lazy, Suspense } from 'react';
import { PromoCodeForm } from './PromoCodeForm';

/**
 * The promo code form validates with its contract, so it brings zod and conform (38 KB gzip):
 * in the browser it is its own chunk, loaded when a panel with a box shows it, off the initial
 * JavaScript of every page (the budgets of scripts/js-budget.mjs). The server renders it in place,
 * so the form is in the HTML and posts before the chunk has loaded; hydration waits for it.
 */
const BrowserPromoCodeForm = lazy(() =>
  import('./PromoCodeForm').then((module) => ({ default: module.PromoCodeForm })),
);

export function PromoCodeSlot() {
  return (
    <Suspense fallback={null}>{import.meta.env.SSR ? <PromoCodeForm /> : <BrowserPromoCodeForm />}</Suspense>
  );
}
