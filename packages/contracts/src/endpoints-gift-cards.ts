import { giftCardFailures } from './endpoint-failures';
import { declare } from './endpoints-types';
import {
  giftCardIntentParams,
  giftCardPromotionsResponse,
  giftCardPurchaseBody,
  giftCardPurchaseResponse,
  giftCardSuggestionsResponse,
} from './gift-cards';

export const giftCardsEndpoints = {
  suggestions: declare({
    summary: 'Suggested gift card amounts',
    method: 'GET',
    path: '/api/sales/gift-card-suggestions',
    responses: { 200: giftCardSuggestionsResponse },
  }),
  promotions: declare({
    summary: 'Gift card promotions live now or later (a bonus card above an amount, within dates)',
    method: 'GET',
    path: '/api/sales/gift-cards/promotions',
    responses: { 200: giftCardPromotionsResponse },
  }),
  purchase: declare({
    summary: 'Buy a gift card: the purchase and its payment; the card is issued when the payment succeeds',
    method: 'POST',
    path: '/api/sales/gift-cards/purchase',
    body: giftCardPurchaseBody,
    responses: { 200: giftCardPurchaseResponse, ...giftCardFailures },
  }),
  purchaseByIntent: declare({
    summary: "A gift card purchase's state by its payment; after 3-D Secure, confirms and issues it",
    method: 'GET',
    path: '/api/sales/gift-cards/purchase-intent/:paymentIntentId',
    params: giftCardIntentParams,
    responses: { 200: giftCardPurchaseResponse, ...giftCardFailures },
  }),
};
