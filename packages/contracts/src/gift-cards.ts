import { z } from 'zod';
import { abandonedCartIdSchema, rowId } from './catalog';
import { REQUIRED_MESSAGE } from './constants';
import { list, resource } from './envelope';
import { emailAddress, tooLongMessage } from './fields';
import {
  GIFT_CARD_AMOUNT_MESSAGE,
  GIFT_CARD_CODE_MESSAGE,
  GIFT_CARD_DELIVERY_DATE_MESSAGE,
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MAX_PER_CHECKOUT,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
  GIFT_CARD_UNKNOWN_MESSAGE,
} from './gift-card-constants';

/**
 * Gift cards (docs/decisions/024): amounts, the purchase form, codes, the account's cards and the
 * admin hooks. Every limit and message of the feature is written here or in gift-card-constants.ts
 * (the ones the browser reads without zod).
 */

/**
 * Codes: 28 characters of Crockford's base32 (140 random bits), shown in 7 groups of 4. Reading
 * forgives what people mistype: case, spaces, dashes, O for 0 and I or L for 1.
 */
export const GIFT_CARD_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 28;
const GROUP = 4;

/** The canonical form of a typed code, or null when it cannot be one. */
export function normalizeGiftCardCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const char of compact) if (!GIFT_CARD_CODE_ALPHABET.includes(char)) return null;
  return compact;
}

/** "ABCD-EFGH-…" for reading aloud and typing. */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let index = 0; index < code.length; index += GROUP) groups.push(code.slice(index, index + GROUP));
  return groups.join('-');
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: GIFT_CARD_DELIVERY_DATE_MESSAGE });
const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE })
    .max(max, { error: tooLongMessage(max) });

export const giftCardAmount = z.coerce
  .number({ error: GIFT_CARD_AMOUNT_MESSAGE })
  .int({ error: GIFT_CARD_AMOUNT_MESSAGE })
  .min(GIFT_CARD_MIN_DOLLARS, { error: GIFT_CARD_AMOUNT_MESSAGE })
  .max(GIFT_CARD_MAX_DOLLARS, { error: GIFT_CARD_AMOUNT_MESSAGE });

export const giftCardCode = z
  .string({ error: GIFT_CARD_CODE_MESSAGE })
  .trim()
  .min(1, { error: GIFT_CARD_CODE_MESSAGE })
  .max(64, { error: GIFT_CARD_UNKNOWN_MESSAGE });

/** The purchase form's fields, without the card (the browser's form reuses this). */
export const giftCardPurchaseFields = z.object({
  amount: giftCardAmount,
  recipient_name: requiredText(100),
  recipient_email: emailAddress,
  sender_name: requiredText(100),
  /** Where the receipt goes; a signed-in buyer's account email when left out. */
  sender_email: emailAddress.optional(),
  message: z
    .string()
    .max(GIFT_CARD_MESSAGE_MAX, { error: tooLongMessage(GIFT_CARD_MESSAGE_MAX) })
    .optional()
    .default(''),
  delivery_date: isoDate,
});

export const giftCardPurchaseBody = giftCardPurchaseFields
  .extend({
    payment_method_id: z.string({ error: 'Enter your card details' }).trim().min(1).max(255),
    /** One per press of Pay (16–100 letters, digits, - or _): a repeat makes one purchase and one charge. */
    idempotency_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,100}$/, {
        error: 'The idempotency key must be 16 to 100 letters, digits, - or _',
      })
      .optional(),
  })
  .strict();
export type GiftCardPurchaseBody = z.infer<typeof giftCardPurchaseBody>;

export const giftCardSuggestionsResponse = list(
  z.object({ amount: z.number(), label: z.string(), is_popular: z.boolean() }),
);

export const giftCardPromotion = z.object({
  id: z.number().int(),
  description: z.string(),
  /** The smallest card amount that earns the bonus, in dollars. */
  min_amount: z.number(),
  bonus_amount: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type GiftCardPromotion = z.infer<typeof giftCardPromotion>;
export const giftCardPromotionsResponse = list(giftCardPromotion);

export const giftCardPurchaseState = z.object({
  status: z.enum(['pending', 'requires_action', 'paid', 'declined', 'canceled', 'failed']),
  amount: z.number(),
  bonus_amount: z.number(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  delivery_date: z.string(),
  payment_intent: z
    .object({ id: z.string(), client_secret: z.string().nullable(), amount: z.number() })
    .nullable(),
  /** The customer-facing reason of a decline, else null. */
  message: z.string().nullable(),
});
export type GiftCardPurchaseState = z.infer<typeof giftCardPurchaseState>;
export const giftCardPurchaseResponse = resource(giftCardPurchaseState);
export const giftCardIntentParams = z.object({ paymentIntentId: z.string().min(1).max(255) });

/** Codes checked against a cart before paying: what each card would pay. */
export const giftCardCheckBody = z
  .object({
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id'),
    gift_card_codes: z.array(giftCardCode).min(1).max(GIFT_CARD_MAX_PER_CHECKOUT),
  })
  .strict();

export const appliedGiftCard = z.object({
  code: z.string(),
  code_suffix: z.string(),
  balance: z.number(),
  applied: z.number(),
});
export type AppliedGiftCard = z.infer<typeof appliedGiftCard>;
export const giftCardCheckResponse = resource(
  z.object({
    cards: z.array(appliedGiftCard),
    gift_cards_amount_applied: z.number(),
    gift_cards_amount_available: z.number(),
    /** What remains to pay by card after every discount and these cards. */
    total_cost: z.number(),
  }),
);

export const giftCardEntry = z.object({
  kind: z.enum(['issue', 'checkout', 'renewal', 'void', 'spend']),
  amount: z.number(),
  description: z.string(),
  created_at: z.string(),
});

export type GiftCardEntry = z.infer<typeof giftCardEntry>;
export const accountGiftCard = z.object({
  id: z.number().int(),
  code_suffix: z.string(),
  initial_amount: z.number(),
  balance: z.number(),
  expires_at: z.string().nullable(),
  voided: z.boolean(),
  added_at: z.string(),
  entries: z.array(giftCardEntry),
});
export type AccountGiftCard = z.infer<typeof accountGiftCard>;
export const accountGiftCardsResponse = resource(
  z.object({ balance: z.number(), cards: z.array(accountGiftCard) }),
);
export type AccountGiftCards = z.infer<typeof accountGiftCardsResponse>['data'];
export const redeemGiftCardBody = z.object({ code: giftCardCode }).strict();

/** Admin hooks (the admin site's UI is another issue's). */
export const adminIssueGiftCardBody = z
  .object({
    amount: giftCardAmount,
    recipient_name: requiredText(100).optional(),
    recipient_email: emailAddress.optional(),
    note: requiredText(500),
    expires_at: z.iso.datetime({ offset: true, error: 'Use an ISO date-time' }).optional(),
  })
  .strict();
export const adminVoidGiftCardBody = z.object({ note: requiredText(500) }).strict();
export const adminGiftCardParams = z.object({ giftCardId: rowId });
export const adminCustomerGiftCardsParams = z.object({ userId: rowId });
export const adminGiftCard = accountGiftCard.extend({
  source: z.enum(['purchase', 'bonus', 'admin']),
  recipient_email: z.string().nullable(),
  owner_user_id: z.number().int().nullable(),
  deliver_on: z.string().nullable(),
  delivered_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminGiftCard = z.infer<typeof adminGiftCard>;
export const adminGiftCardResponse = resource(adminGiftCard);
export const adminGiftCardsResponse = list(adminGiftCard);
/** The one answer that ever shows a code: to the admin who issued it. */
export const adminIssuedGiftCardResponse = resource(adminGiftCard.extend({ code: z.string() }));
export type GiftCardCheckResponse = z.infer<typeof giftCardCheckResponse>;
export type GiftCardCheck = GiftCardCheckResponse['data'];
export type GiftCardPurchaseResponse = z.infer<typeof giftCardPurchaseResponse>;
export type GiftCardSuggestion = z.infer<typeof giftCardSuggestionsResponse>['data'][number];
