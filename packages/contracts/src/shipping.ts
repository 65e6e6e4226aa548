import { z } from 'zod';
import { resource } from './envelope';

export const zipCodeParams = z.object({
  code: z.string().regex(/^\d{5}$/, { error: 'A zip code is five digits' }),
});

export const zipCode = z.object({
  id: z.number().int(),
  code: z.string(),
  city: z.string(),
  is_delivered: z.boolean(),
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  delivery_weekdays: z.array(z.number().int().min(1).max(7)),
  state: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
  }),
});
export type ZipCode = z.infer<typeof zipCode>;
export const zipCodeResponse = resource(zipCode);
