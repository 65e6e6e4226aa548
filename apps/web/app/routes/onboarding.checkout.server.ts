import { parseWithZod } from '@conform-to/zod/v4';
import {
  type AbandonedCart,
  CART_LOCKED_CODE,
  EMAIL_IN_USE_MESSAGE,
  endpoints,
  type PaymentConfig,
  type UpsellItem,
} from '@sprout/contracts';
import { redirect, redirectDocument } from 'react-router';
import { readCartIdFromCookie } from '../features/cart/storage';
import { type DeliveryOptions, toDeliveryOptions } from '../features/checkout/delivery';
import { checkoutDetailsSchema, DETAIL_FIELD_KEYS, DETAIL_FIELDS } from '../features/checkout/details';
import { replyWithApiFailure } from '../features/forms/reply.server';
import type { FormActionData } from '../features/forms/useContractForm';
import type { ApiFailure } from '../lib/api';
import { type ServerApiClient as ApiClient, failureOf, isApiError } from '../lib/api-client.server';
import { guardRoute } from '../lib/route-access.server';

export type CheckoutLoaderData = {
  title: string;
  cart: AbandonedCart;
  upsellItems: UpsellItem[];
  paymentConfig: PaymentConfig;
  /** The first delivery dates for the cart's zip code (null before a zip is known). */
  delivery: DeliveryOptions | null;
};

type Failure = Pick<ApiFailure, 'kind' | 'message' | 'fieldErrors'>;

/** A server-side API error in the browser client's failure words, so both build the same state. */
function asFailure(error: unknown): { kind: 'error'; error: Failure } {
  if (!isApiError(error)) throw error;
  const kind: ApiFailure['kind'] =
    error.status === 404
      ? 'not-found'
      : error.status === 422
        ? 'validation'
        : error.status >= 500
          ? 'server'
          : 'client';
  return {
    kind: 'error',
    error: { kind, message: error.body.message ?? error.message, fieldErrors: error.body.errors ?? {} },
  };
}

async function loadDelivery(api: ApiClient, zipCode: string): Promise<DeliveryOptions> {
  const params = { code: zipCode };
  const [zip, dates] = await Promise.all([
    api
      .read(endpoints.checkout.zipCode, { params })
      .then((body) => ({ kind: 'ok' as const, data: body.data }), asFailure),
    api
      .read(endpoints.checkout.deliveryDates, { params })
      .then((body) => ({ kind: 'ok' as const, data: body }), asFailure),
  ]);
  return toDeliveryOptions(zipCode, zip, dates);
}

/**
 * /onboarding/checkout: the route-access lookup first (a cart that is not ready to check out is
 * sent to the menus by an HTTP redirect, never a flash of the page), then what the page shows.
 */
export async function loadCheckout({
  request,
  context,
}: {
  request: Request;
  context: { api: ApiClient };
}): Promise<CheckoutLoaderData> {
  await guardRoute({ request, context });
  const cartId = readCartIdFromCookie(request.headers.get('cookie'));
  if (!cartId) throw redirectDocument('/menus');
  const { api } = context;

  let cart: AbandonedCart;
  try {
    cart = (
      await api.read(endpoints.carts.read, {
        params: { cartId },
        query: {
          include: 'promoCode',
        },
      })
    ).data;
  } catch (error) {
    // Gone or no longer this visitor's (403, 404, 400/10002): nothing to check out.
    if (isApiError(error) && error.status < 500) throw redirectDocument('/menus');
    throw error;
  }
  if (!cart.is_ready_to_checkout) throw redirectDocument('/menus');

  const [upsellItems, paymentConfig, delivery] = await Promise.all([
    // Add-ons are a bonus: the checkout opens without them if they cannot be read.
    api
      .read(endpoints.checkout.upsellItems, { query: { abandoned_cart_id: cartId } })
      .then((body) => body.data)
      .catch((error: unknown) => {
        if (isApiError(error)) return [];
        throw error;
      }),
    api.read(endpoints.checkout.paymentConfig).then((body) => body.data),
    cart.zip_code ? loadDelivery(api, cart.zip_code) : Promise.resolve(null),
  ]);

  return { title: 'Checkout', cart, upsellItems, paymentConfig, delivery };
}

/** Said after the details were saved by a form post made before the JavaScript loaded. */
export const DETAILS_SAVED_NOTICE =
  'Your details are saved. Paying by card needs JavaScript: turn it on to pay for your box.';

/**
 * The details form's post (before the JavaScript loaded; once hydrated, Pay saves them itself and
 * pays in the browser, decision 013): checked by `checkoutDetailsForm`, then saved to the cart.
 * Errors come back beside their fields; an email with an account goes to the login, as at Pay.
 */
export async function saveCheckoutDetails({
  request,
  context,
}: {
  request: Request;
  context: { api: ApiClient };
}): Promise<FormActionData> {
  const cartId = readCartIdFromCookie(request.headers.get('cookie'));
  if (!cartId) throw redirectDocument('/menus');
  const { api } = context;
  // Whether the password is asked: of a cart without one.
  const read = await api.call(endpoints.carts.read, { params: { cartId } });
  if (read.kind === 'error' && read.error.status !== null && read.error.status < 500)
    throw redirectDocument('/menus');
  const cart = read.kind === 'ok' ? read.data.data : null;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: checkoutDetailsSchema(!cart?.has_password) });
  const hideFields = ['password'];
  if (submission.status !== 'success') return { result: submission.reply({ hideFields }) };
  const answer = await api.call(endpoints.checkout.saveCart, {
    params: { cartId },
    body: { ...submission.value, receives_sms_updates: formData.get('receives_sms_updates') === 'true' },
  });
  if (answer.kind !== 'ok') {
    const { status, fieldErrors, code } = failureOf(answer);
    if (fieldErrors.email?.includes(EMAIL_IN_USE_MESSAGE)) {
      const email = submission.value.email;
      throw redirect(`/onboarding/login?${new URLSearchParams({ email, error: EMAIL_IN_USE_MESSAGE })}`);
    }
    if (code === CART_LOCKED_CODE || status === 403) throw redirectDocument('/menus');
    return {
      result: replyWithApiFailure(submission, answer, {
        fields: DETAIL_FIELDS,
        fieldKeys: DETAIL_FIELD_KEYS,
        hideFields,
      }),
    };
  }
  return { result: submission.reply({ hideFields }), notice: DETAILS_SAVED_NOTICE };
}
