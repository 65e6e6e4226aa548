/**
 * Gift cards (docs/decisions/024): buy → pay → issue → email on the day; a ledger per card whose
 * balance never goes below zero; spent at checkout, by renewals and from the account. The module's
 * face: each concern lives in its own file (purchase, cards, redemption, admin); flows that need
 * another module (what codes pay on a cart) live in workflows/ (docs/decisions/049).
 */

export { adminGetCard, adminIssueCard, adminListCards, adminVoidCard } from './admin';
export { deliverDueCards, runDeliveries } from './cards';
export type { GiftCardDeps } from './common';
export {
  confirmPurchaseByIntent,
  currentPromotions,
  issuePurchase,
  PURCHASE_PROCESSING_SECONDS,
  purchaseGiftCard,
  purchaseState,
  STALE_PURCHASE_MINUTES,
  settleStalePurchases,
  suggestions,
} from './purchase';
export {
  accountBalanceCents,
  accountGiftCards,
  codesOnCart,
  GIFT_CARD_MISSES,
  lockAccountGiftCards,
  lockCardsForCheckout,
  redeemToAccount,
  resolveCodes,
  spendAccountBalance,
  spendCard,
  spendForOrder,
  totalBalance,
  type UsableCard,
} from './redemption';
