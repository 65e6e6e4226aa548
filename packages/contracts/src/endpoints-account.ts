import {
  accountOrderParams,
  accountOrderResponse,
  deliveriesResponse,
  deliveryItemBody,
  deliveryParams,
  deliveryPaymentResponse,
  deliveryResponse,
  paymentMethodChangeResponse,
  paymentMethodResponse,
  referralsResponse,
  subscriptionChangeResponse,
  updatePaymentMethodBody,
  updateSubscriptionBody,
} from './account';
import { addressParams, addressResponse, meQuery, meResponse, updateAddressBody } from './auth';
import { categoryQuantitiesQuery, categoryQuantitiesResponse } from './carts';
import { giftCardFailures, subscriptionChangeFailures } from './endpoint-failures';
import { declare } from './endpoints-types';
import { messageErrorBody, validationErrorBody } from './errors';
import { allergenWarningRefusal } from './families';
import { accountGiftCardsResponse, redeemGiftCardBody } from './gift-cards';
import {
  cancellationBody,
  cancellationStartedResponse,
  lifecycleOutcomeResponse,
  outcomeVisitBody,
  pauseBody,
  pausePreviewResponse,
  reactivationBody,
  reactivationDatesResponse,
  resumeOutcomeResponse,
  resumeWithCardBody,
} from './lifecycle';
import {
  emailChangeBody,
  emailChangeStartedResponse,
  emailChangeVerificationBody,
  passwordChangeBody,
  profileResponse,
  updateProfileBody,
} from './profile';
import { mePromoCodeQuery, mePromoCodeResponse } from './promotions';

export const accountEndpoints = {
  me: declare({
    summary: 'The signed-in customer',
    method: 'GET',
    path: '/api/me',
    query: meQuery,
    responses: { 200: meResponse, 401: messageErrorBody },
  }),
  profile: declare({
    summary: 'My name, email and text-message choice',
    method: 'GET',
    path: '/api/me/profile',
    responses: { 200: profileResponse, 401: messageErrorBody },
  }),
  updateProfile: declare({
    summary: 'Change my name or text-message choice (only the fields sent)',
    method: 'PUT',
    path: '/api/me/profile',
    body: updateProfileBody,
    responses: { 200: profileResponse, 401: messageErrorBody, 422: validationErrorBody },
  }),
  changeEmail: declare({
    summary: 'Change my email: mails a code to the new address; nothing changes until it comes back',
    method: 'POST',
    path: '/api/me/profile/email',
    body: emailChangeBody,
    responses: {
      202: emailChangeStartedResponse,
      401: messageErrorBody,
      403: messageErrorBody,
      422: validationErrorBody,
      429: messageErrorBody,
    },
  }),
  verifyEmailChange: declare({
    summary: 'Confirm my new email with the code sent to it: the email changes now',
    method: 'POST',
    path: '/api/me/profile/email/verification',
    body: emailChangeVerificationBody,
    responses: {
      200: profileResponse,
      401: messageErrorBody,
      403: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  changePassword: declare({
    summary: 'Change my password (the current one first); every other browser is signed out',
    method: 'PUT',
    path: '/api/me/profile/password',
    body: passwordChangeBody,
    responses: {
      200: profileResponse,
      401: messageErrorBody,
      403: messageErrorBody,
      422: validationErrorBody,
      429: messageErrorBody,
    },
  }),
  address: declare({
    summary: 'One of my addresses',
    method: 'GET',
    path: '/api/me/addresses/:addressId',
    params: addressParams,
    responses: {
      200: addressResponse,
      401: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  updateAddress: declare({
    summary: 'Change one of my addresses (a zip code we deliver to; its city and state come with it)',
    method: 'PUT',
    path: '/api/me/addresses/:addressId',
    params: addressParams,
    body: updateAddressBody,
    responses: {
      200: addressResponse,
      401: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  order: declare({
    summary: 'One of my orders with its lines and every cost line (the receipt)',
    method: 'GET',
    path: '/api/me/orders/:orderId',
    params: accountOrderParams,
    responses: {
      200: accountOrderResponse,
      401: messageErrorBody,
      403: messageErrorBody,
      404: messageErrorBody,
    },
  }),
  paymentMethod: declare({
    summary: 'The card my boxes are charged to (brand and last four), or null',
    method: 'GET',
    path: '/api/me/payment-method',
    responses: { 200: paymentMethodResponse, 401: messageErrorBody },
  }),
  updatePaymentMethod: declare({
    summary:
      "Replace my card with one from the provider's card form; a box that failed is charged again at once",
    method: 'PUT',
    path: '/api/me/payment-method',
    body: updatePaymentMethodBody,
    responses: {
      200: paymentMethodChangeResponse,
      401: messageErrorBody,
      409: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  changeSubscription: declare({
    summary: 'Change my plan, frequency or delivery day, from the next box that is not locked',
    method: 'PUT',
    path: '/api/me/subscription',
    body: updateSubscriptionBody,
    responses: {
      200: subscriptionChangeResponse,
      401: messageErrorBody,
      409: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  previewSubscriptionChange: declare({
    summary: 'What a plan, frequency or delivery-day change would make of my next box (saves nothing)',
    method: 'POST',
    path: '/api/me/subscription/preview',
    body: updateSubscriptionBody,
    responses: {
      200: subscriptionChangeResponse,
      401: messageErrorBody,
      409: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  categoryQuantities: declare({
    summary: "Items per category in the visitor's cart (cookie abandoned_cart_id)",
    method: 'GET',
    path: '/api/me/category-quantities',
    query: categoryQuantitiesQuery,
    responses: { 200: categoryQuantitiesResponse },
  }),
  promoCode: declare({
    summary: "The promo code on the visitor's cart (cookie abandoned_cart_id)",
    method: 'GET',
    path: '/api/me/promo-code',
    query: mePromoCodeQuery,
    responses: { 200: mePromoCodeResponse },
  }),
  referrals: declare({
    summary: 'My referral code and share link, what a friend gets, my referral credits and friends',
    method: 'GET',
    path: '/api/me/referrals',
    responses: { 200: referralsResponse, 401: messageErrorBody },
  }),
  giftCards: declare({
    summary: "My gift cards: the balance my next boxes take, and each card's history",
    method: 'GET',
    path: '/api/me/gift-cards',
    responses: { 200: accountGiftCardsResponse, ...giftCardFailures },
  }),
  redeemGiftCard: declare({
    summary: 'Add a gift card to my account: its balance pays my next boxes',
    method: 'POST',
    path: '/api/me/gift-cards',
    body: redeemGiftCardBody,
    responses: { 200: accountGiftCardsResponse, ...giftCardFailures },
  }),
};

export const deliveriesEndpoints = {
  list: declare({
    summary: 'Your upcoming boxes with their contents and costs, soonest first',
    method: 'GET',
    path: '/api/me/deliveries',
    responses: { 200: deliveriesResponse, 401: messageErrorBody },
  }),
  skip: declare({
    summary: 'Skip a box (until its cutoff)',
    method: 'POST',
    path: '/api/me/deliveries/:date/skip',
    params: deliveryParams,
    responses: {
      200: deliveryResponse,
      400: messageErrorBody,
      401: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  unskip: declare({
    summary: 'Bring a skipped box back (until its cutoff)',
    method: 'DELETE',
    path: '/api/me/deliveries/:date/skip',
    params: deliveryParams,
    responses: {
      200: deliveryResponse,
      400: messageErrorBody,
      401: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  pay: declare({
    summary: "Pay a box whose bank asked you to confirm its charge (3-D Secure), with the box's card",
    method: 'POST',
    path: '/api/me/deliveries/:date/payment',
    params: deliveryParams,
    responses: {
      200: deliveryPaymentResponse,
      400: messageErrorBody,
      401: messageErrorBody,
      404: messageErrorBody,
      409: messageErrorBody,
      422: validationErrorBody,
    },
  }),
  setItem: declare({
    summary: "Set how many of a meal a box holds (absolute; 0 removes it), up to the plan's size",
    method: 'PUT',
    path: '/api/me/deliveries/:date/items',
    params: deliveryParams,
    body: deliveryItemBody,
    responses: {
      200: deliveryResponse,
      400: messageErrorBody,
      401: messageErrorBody,
      404: messageErrorBody,
      // A dish with a child's allergen is refused once, with what it conflicts with (docs/decisions/055).
      422: validationErrorBody.extend({ refusal: allergenWarningRefusal.optional() }),
    },
  }),
  fill: declare({
    summary:
      "Fill my box for me: dishes up to the plan's size, safe for every child, each with its reason (until the cutoff)",
    method: 'POST',
    path: '/api/me/deliveries/:date/fill',
    params: deliveryParams,
    responses: {
      200: deliveryResponse,
      400: messageErrorBody,
      401: messageErrorBody,
      404: messageErrorBody,
      422: validationErrorBody,
    },
  }),
};

export const lifecycleEndpoints = {
  pause: declare({
    summary: 'Pause for 1 to 8 weeks or until a date: the boxes in between are skipped',
    method: 'POST',
    path: '/api/me/subscription/pause',
    body: pauseBody,
    responses: { 200: lifecycleOutcomeResponse, ...subscriptionChangeFailures },
  }),
  pausePreview: declare({
    summary: 'What a pause of 1 to 8 weeks would skip, and the first box after it (nothing changes)',
    method: 'GET',
    path: '/api/me/subscription/pause/preview',
    responses: { 200: pausePreviewResponse, ...subscriptionChangeFailures },
  }),
  unpause: declare({
    summary: 'Resume a paused subscription now',
    method: 'DELETE',
    path: '/api/me/subscription/pause',
    responses: { 200: lifecycleOutcomeResponse, ...subscriptionChangeFailures },
  }),
  resume: declare({
    summary:
      'Paused after failed charges: save a new card and resume in one step; the failed box is charged again if it can still be sent',
    method: 'POST',
    path: '/api/me/subscription/resume',
    body: resumeWithCardBody,
    responses: { 200: resumeOutcomeResponse, ...subscriptionChangeFailures },
  }),
  reactivationDates: declare({
    summary:
      "The first delivery dates a reactivation offers (the zip's open dates whose box is not already made)",
    method: 'GET',
    path: '/api/me/subscription/reactivation/dates',
    responses: { 200: reactivationDatesResponse, ...subscriptionChangeFailures },
  }),
  reactivate: declare({
    summary: 'Start a paused or canceled subscription again',
    method: 'POST',
    path: '/api/me/subscription/reactivation',
    body: reactivationBody,
    responses: { 200: lifecycleOutcomeResponse, ...subscriptionChangeFailures },
  }),
  startCancellation: declare({
    summary: 'Start canceling: the reason, answered with the one offer it gets',
    method: 'POST',
    path: '/api/me/subscription/cancellation',
    body: cancellationBody,
    responses: { 200: cancellationStartedResponse, ...subscriptionChangeFailures },
  }),
  acceptCancellationOffer: declare({
    summary: 'Accept the offer and stay',
    method: 'POST',
    path: '/api/me/subscription/cancellation/offer',
    responses: { 200: lifecycleOutcomeResponse, ...subscriptionChangeFailures },
  }),
  confirmCancellation: declare({
    summary: 'Decline the offer and cancel: locked boxes still ship, later ones are canceled',
    method: 'POST',
    path: '/api/me/subscription/cancellation/confirm',
    responses: { 200: lifecycleOutcomeResponse, ...subscriptionChangeFailures },
  }),
  outcomeVisit: declare({
    summary: "An outcome page's one visit: uses up its grant and answers the outcome to show",
    method: 'POST',
    path: '/api/me/subscription/outcome-visits',
    body: outcomeVisitBody,
    responses: { 200: lifecycleOutcomeResponse, ...subscriptionChangeFailures },
  }),
};
