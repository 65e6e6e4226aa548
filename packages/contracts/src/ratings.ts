import { z } from 'zod';
import { resource } from './envelope';

/**
 * Ratings that teach the box (docs/decisions/055, Ratings): after a delivery the customer says how
 * each child took each dish of the box, from the email's link (no sign-in, one order, until it
 * expires or is used) or from the account's order page.
 */

export const DISH_RATINGS = ['loved', 'ok', 'refused'] as const;
export type DishRating = (typeof DISH_RATINGS)[number];

/** What each choice reads as on the forms. */
export const DISH_RATING_LABELS: Record<DishRating, string> = {
  loved: 'Loved it',
  ok: 'It was OK',
  refused: 'Refused it',
};

/** How long after the delivery day the email's link opens the form. */
export const RATING_LINK_DAYS = 14;

export const RATING_LINK_INVALID_MESSAGE =
  'This rating link is not valid. Sign in to rate the box from your account.';
export const RATING_LINK_USED_MESSAGE =
  'These ratings were already sent with this link. Sign in to see or change them in your account.';
export const RATING_LINK_EXPIRED_MESSAGE =
  'This rating link has expired. Sign in to rate the box from your account.';
export const RATING_NOT_DELIVERED_MESSAGE = 'You can rate this box once it has been delivered.';
export const RATING_NO_CHILDREN_MESSAGE = 'Add your children to your family first, then rate their box.';
export const RATING_UNKNOWN_ENTRY_MESSAGE = 'Rate only the dishes of this box, for your own children.';
export const RATING_EMPTY_MESSAGE = 'Choose how at least one dish went down.';
export const RATING_ORDER_NOT_FOUND_MESSAGE = 'We could not find this order.';

const ratingToken = z.string().trim().min(1).max(200);

/** The email link's token: in the query (redacted from logs) or the body, never in a path. */
export const ratingTokenQuery = z.object({ token: ratingToken }).strict();

export const ratingOrderParams = z
  .object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();

export const dishRatingEntry = z
  .object({
    child_id: z.number().int().positive(),
    sku: z.string().trim().min(1).max(64),
    rating: z.enum(DISH_RATINGS),
  })
  .strict();
export type DishRatingEntry = z.infer<typeof dishRatingEntry>;

/** Every child × dish of a box at most (8 children × a box's dishes). */
const entries = z.array(dishRatingEntry).min(1, { error: RATING_EMPTY_MESSAGE }).max(400);

/** A signed-in customer's ratings of one order (a resubmit changes them). */
export const dishRatingsBody = z.object({ ratings: entries }).strict();
/** The email link's submit: the token and the ratings. */
export const dishRatingsByTokenBody = z.object({ token: ratingToken, ratings: entries }).strict();

/** One delivered order's rating form: its dishes, the family's children and the ratings given. */
export const ratingForm = z.object({
  order: z.object({ id: z.number().int(), number: z.string(), delivery_date: z.string() }),
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
  dishes: z.array(z.object({ sku: z.string(), name: z.string() })),
  ratings: z.array(dishRatingEntry),
  /** Whether the order can be rated yet (delivered); the account shows the form only then. */
  can_rate: z.boolean(),
});
export type RatingForm = z.infer<typeof ratingForm>;
export const ratingFormResponse = resource(ratingForm);
