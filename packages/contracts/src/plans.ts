import { z } from 'zod';
import { abandonedCartIdSchema } from './catalog';
import { list } from './envelope';

export const plan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  threshold: z.number().int(),
  description: z.string(),
  /** Share of each item's list price taken off under this plan, as a whole percent. */
  item_discount_percent: z.number(),
  /** Lowest item price under this plan (dollars): the "from $X per item" line. */
  item_price_from: z.number(),
  /** threshold × item_price_from. */
  box_price_from: z.number(),
  shipping_cost: z.number(),
  is_selected: z.boolean(),
  /** With ?promoCode=: the first box from box_price_from after the code's first-box tier. */
  promo_first_box_price_from: z.number().nullable(),
  promo_free_shipping: z.boolean().nullable(),
  promo_description: z.string().nullable(),
});
export type Plan = z.infer<typeof plan>;

export const plansQuery = z
  .object({
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id').optional(),
    promoCode: z.string().trim().min(1).max(64).optional(),
  })
  .strict();
export const plansResponse = list(plan);
