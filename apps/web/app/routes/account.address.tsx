import { parseWithZod } from '@conform-to/zod/v4';
import { endpoints, updateAddressBody } from '@sprout/contracts';
import { AddressForm } from '../features/account/AddressForm';
import { readMine, requireCustomer } from '../features/account/account.server';
import { CardForm } from '../features/account/CardForm';
import { replyWithApiFailure } from '../features/forms/reply.server';
import type { Route } from './+types/account.address';
import '../features/payments/payments.css';

export const handle = { title: 'Address & card' };

const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'address_line_1',
  'address_line_2',
  'city',
  'zip_code',
  'phone',
  'delivery_instructions',
] as const;

/** /account/address: the delivery address (deliverable zips only) and the card boxes are charged to. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The address is read only when asked for (GET /api/me?include=address): this page shows it.
  const customer = await requireCustomer(request, context, { address: true });
  const zip = customer.address?.zip_code;
  const [card, config, place] = await Promise.all([
    readMine(context.api, endpoints.account.paymentMethod),
    context.api.read(endpoints.checkout.paymentConfig),
    // The state comes with the zip code (the shipping module's zip data), never typed.
    zip ? context.api.call(endpoints.checkout.zipCode, { params: { code: zip } }) : null,
  ]);
  return {
    address: customer.address ?? null,
    state: place?.kind === 'ok' ? place.data.data.state : null,
    card: card.data,
    paymentConfig: config.data,
  };
}

/** Saves the address through PUT /api/me/addresses/{id}; the API's refusals show beside their fields. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = await requireCustomer(request, context, { address: true });
  const submission = parseWithZod(await request.formData(), { schema: updateAddressBody });
  if (submission.status !== 'success') return { result: submission.reply() };
  if (!customer.address)
    return { result: submission.reply({ formErrors: ['You have no address to change yet.'] }) };
  const answer = await context.api.call(endpoints.account.updateAddress, {
    params: { addressId: customer.address.id },
    body: submission.value,
  });
  if (answer.kind !== 'ok') {
    return {
      result: replyWithApiFailure(submission, answer, {
        fields: ADDRESS_FIELDS,
        // The API names the zip by its row (zip_code_id) when it refuses it.
        fieldKeys: { zip_code: ['zip_code', 'zip_code_id'], city: ['city', 'state_id'] },
      }),
    };
  }
  return { result: submission.reply(), notice: 'Address saved: your next boxes go there.' };
}

export default function AddressPage({ loaderData, actionData }: Route.ComponentProps) {
  const { address, state, card, paymentConfig } = loaderData;
  return (
    <div className="account-page">
      <h1>Address &amp; card</h1>
      <section className="account-card" aria-labelledby="address-heading">
        <h2 id="address-heading">Delivery address</h2>
        {address ? (
          <AddressForm address={address} state={state} actionData={actionData} />
        ) : (
          <p>No address yet: it is saved with your first order.</p>
        )}
      </section>
      <section className="account-card" aria-labelledby="card-heading">
        <h2 id="card-heading">Payment card</h2>
        <CardForm card={card} config={paymentConfig} />
      </section>
    </div>
  );
}
