import { UPCOMING_DELIVERY_COUNT } from '@sprout/contracts';
import { readDeliveries, requireCustomer } from '../features/account/account.server';
import { DeliveryRow } from '../features/account/DeliveryParts';
import { runDeliveryAction } from '../features/account/deliveries.server';
import { NoSubscription } from '../features/account/NoSubscription';
import type { Route } from './+types/account.deliveries';

export const handle = { title: 'Deliveries' };

/** /account/deliveries: the next eight boxes, each with its status and price, skippable until its cutoff. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, context);
  const deliveries = customer.subscription ? await readDeliveries(context.api) : [];
  return { hasSubscription: customer.subscription !== null, deliveries };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  return runDeliveryAction(request, context.api);
}

export default function DeliveriesPage({ loaderData }: Route.ComponentProps) {
  const { hasSubscription, deliveries } = loaderData;
  return (
    <div className="account-page">
      <h1>Deliveries</h1>
      {hasSubscription ? (
        <>
          <p className="account-lead">
            Your next {UPCOMING_DELIVERY_COUNT} boxes. Skip any of them, or bring it back, until its cutoff:
            noon four days before delivery.
          </p>
          {deliveries.length > 0 ? (
            <ul className="delivery-list">
              {deliveries.map((delivery) => (
                <DeliveryRow key={delivery.date} delivery={delivery} />
              ))}
            </ul>
          ) : (
            <p>No box is coming up.</p>
          )}
        </>
      ) : (
        <NoSubscription />
      )}
    </div>
  );
}
