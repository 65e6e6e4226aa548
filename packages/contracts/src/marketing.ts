import { z } from 'zod';
import { abandonedCartIdSchema } from './catalog';
import { list, resource } from './envelope';

/**
 * Marketing and tracking calls (decision 026): experiments, the page-view event, the picky-eater
 * popup, the nonprofit selection and the abandoned-cart reminders' links.
 */

export * from './marketing-constants';

const userId = z.coerce
  .number({ error: 'user_id must be a customer id' })
  .int({ error: 'user_id must be a customer id' })
  .positive({ error: 'user_id must be a customer id' });

/** Extras beyond the two ids are accepted and ignored (page scripts may send more). */
const visitorId = z.guid({ error: 'visitor_id must be a visitor id' });

export const experimentsQuery = z.object({
  abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id').optional(),
  /** A browser without a cart yet (the storefront's `visitor_id` cookie). */
  visitor_id: visitorId.optional(),
  user_id: userId.optional(),
});

export const experimentAssignment = z.object({
  /** `<experiment code>.<variant code>`: unique on its own, what the analytics user property holds. */
  code: z.string(),
  experiment_name: z.string(),
  experiment_code: z.string(),
  variant: z.string(),
});
export type ExperimentAssignment = z.infer<typeof experimentAssignment>;
export const experimentsResponse = list(experimentAssignment);

export const experimentExposureBody = z
  .object({
    experiment_code: z.string().trim().min(1).max(100),
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id').optional(),
    visitor_id: visitorId.optional(),
  })
  .strict();

/** The storefront's cookie naming a browser for experiments before it has a cart. */
export const VISITOR_COOKIE = 'visitor_id';

export const viewedPageBody = z
  .object({
    url: z.url({ error: 'url must be an absolute address' }).max(2000),
    name: z.string().trim().min(1, { error: 'name is required' }).max(100),
    abandonedCartId: abandonedCartIdSchema('abandonedCartId'),
    parameters: z.object({ eventId: z.guid({ error: 'parameters.eventId must be an event id' }) }).strict(),
  })
  .strict();

export const pickyEaterEventBody = z
  .object({
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id').optional(),
    source_url: z.string().max(2000).optional(),
  })
  .strict();

/** A click on a "customers also loved" recommendation in the cart panel. */
export const alsoLovedClickBody = z
  .object({
    sku: z.string().trim().min(1, { error: 'sku is required' }).max(100),
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id').optional(),
  })
  .strict();

export const eventRecordedResponse = resource(z.object({ event_id: z.string() }));

/** The charities a customer may give a share of their order to (through Beam, the nonprofit partner). */
export const NONPROFITS = [
  { id: 1, name: 'Feeding Kids Forward' },
  { id: 2, name: 'School Garden Project' },
  { id: 3, name: 'Family Food Bank Network' },
] as const;
export const NONPROFIT_SHARE_PERCENT = 1;

export const nonprofitSelectionBody = z
  .object({
    non_profit_id: z.coerce
      .number()
      .int()
      .refine((id) => NONPROFITS.some((nonprofit) => nonprofit.id === id), {
        error: 'Choose one of the listed nonprofits.',
      }),
    non_profit_name: z.string().trim().min(1).max(200),
    // Before checkout the cart names the shopper; on the success page the cart is forgotten and
    // the signed-in customer's order is what the share comes from.
    abandoned_cart_id: abandonedCartIdSchema('abandoned_cart_id').optional(),
    order_id: z.coerce.number().int().positive({ error: 'order_id must be an order id' }).optional(),
  })
  .strict()
  .refine((body) => body.abandoned_cart_id !== undefined || body.order_id !== undefined, {
    error: 'Choose the order the share comes from.',
    path: ['order_id'],
  });
export const nonprofitSelectionResponse = resource(
  z.object({
    selectedNonprofitId: z.number().int(),
    nonprofitName: z.string(),
    event_id: z.string(),
    order_id: z.number().int().nullable(),
  }),
);
/** Taking the charity off an order (the data layer's `nonprofit-selection-removed`). */
export const nonprofitRemovalBody = z
  .object({ order_id: z.coerce.number().int().positive({ error: 'order_id must be an order id' }) })
  .strict();

/** The token of a reminder email's links: 32 random bytes, base64url. */
export const reminderTokenBody = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid.' }) })
  .strict();
export const reminderTokenQuery = reminderTokenBody;
export const cartRestoreResponse = resource(z.object({ abandoned_cart_id: z.string() }));
export const unsubscribeResponse = resource(z.object({ email: z.string() }));

/** The reminders' schedule: first after an hour of quiet, the second after a day; never more. */
export const CART_REMINDER_IDLE_HOURS = [1, 24] as const;

/** Demo mode's door to the job runner (POST /dev/jobs/run): what `npm run jobs -- --as-of=` does. */
export const devJobsBody = z
  .object({
    as_of: z.iso.datetime({ offset: true, error: 'as_of must be an ISO date-time' }),
    /** Job names to run (default: all). */
    only: z.array(z.string().min(1).max(50)).max(20).optional(),
  })
  .strict();

/** 204: nothing to say. */
export const noContentResponse = z.null();
