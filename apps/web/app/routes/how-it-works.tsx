import { endpoints, formatMoney } from '@sprout/contracts';
import { Link } from 'react-router';
import { HowItWorksSteps } from '../features/layout/HowItWorksSteps';
import type { Route } from './+types/how-it-works';

export async function loader({ context }: Route.LoaderArgs) {
  const plans = await context.api.read(endpoints.catalog.plans);
  const seo = {
    description:
      'How Sprout & Spoon works: choose a plan, fill your box from the weekly menus and get it delivered chilled, on your schedule.',
  };
  return { plans: plans.data, seo };
}

const questions = [
  {
    q: 'When does my box arrive?',
    a: 'Pick a delivery day at checkout from the days we deliver to your zip code. Orders placed before the weekly cutoff ship for the next delivery day.',
  },
  {
    q: 'Can I skip a week or cancel?',
    a: 'Yes. Skip, pause or cancel from your account before the cutoff; there is no commitment.',
  },
  {
    q: 'How do I store the food?',
    a: 'Everything arrives frozen in insulated, recyclable packaging. Keep it in the freezer for up to three months and warm it in minutes.',
  },
];

export default function HowItWorksPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="content-page">
      <header className="page-intro page-intro--center">
        <p className="eyebrow">How it works</p>
        <h1>Fresh, organic food for kids in three steps</h1>
        <p>No planning, no prep, no waste. Just real food your kids will love, delivered on your schedule.</p>
      </header>
      <HowItWorksSteps />

      <section className="section" aria-labelledby="plans-heading">
        <h2 id="plans-heading">Box sizes</h2>
        <table className="plan-table">
          <caption className="visually-hidden">Plans and their prices</caption>
          <thead>
            <tr>
              <th scope="col">Items per delivery</th>
              <th scope="col">From, per item</th>
              <th scope="col">Shipping</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.plans.map((plan) => (
              <tr key={plan.id}>
                <th scope="row">
                  {plan.threshold} items{' '}
                  {plan.tag?.includes('popular') ? <span className="chip">Most popular</span> : null}
                </th>
                <td>{formatMoney(plan.item_price_from, { alwaysShowCents: true })}</td>
                <td>
                  {plan.shipping_cost > 0
                    ? formatMoney(plan.shipping_cost, { alwaysShowCents: true })
                    : 'Free'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <Link className="button button--primary" to="/onboarding/plans">
            Choose your plan
          </Link>
        </p>
      </section>

      <section className="section" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Good to know</h2>
        {questions.map((item) => (
          <details key={item.q} className="faq-item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
