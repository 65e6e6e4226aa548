import { z } from 'zod';

/**
 * Experiments as the admin site defines them (decisions 026 and 027): variants and their relative
 * weights, live between optional dates. Weights may change while an experiment runs: assignments
 * are stored, so a change applies to new visitors only.
 */

export const EXPERIMENT_MAX_VARIANTS = 6;
const slug = /^[a-z0-9][a-z0-9-]*$/;

const experimentVariant = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'Name each variant.' })
    .max(40, { error: 'Keep a variant code to 40 characters.' })
    .regex(slug, { error: 'Variant codes use lowercase letters, digits and dashes.' }),
  weight: z
    .number({ error: 'Give each variant a weight.' })
    .int({ error: 'Weights are whole numbers.' })
    .min(0, { error: 'Weights are 0 or more.' })
    .max(1000, { error: 'Keep a weight to 1000 or less.' }),
});

const experimentFields = {
  name: z.string().trim().min(1, { error: 'Name the experiment.' }).max(120),
  variants: z
    .array(experimentVariant)
    .min(2, { error: 'An experiment needs at least two variants.' })
    .max(EXPERIMENT_MAX_VARIANTS, { error: `At most ${EXPERIMENT_MAX_VARIANTS} variants.` })
    .refine((variants) => new Set(variants.map((variant) => variant.code)).size === variants.length, {
      error: 'Each variant needs its own code.',
    })
    .refine((variants) => variants.some((variant) => variant.weight > 0), {
      error: 'At least one variant needs a weight above 0.',
    }),
  starts_at: z.iso.datetime({ error: 'Use a date and time.' }).nullable(),
  ends_at: z.iso.datetime({ error: 'Use a date and time.' }).nullable(),
};

const endsAfterStart = (body: { starts_at?: string | null; ends_at?: string | null }) =>
  !body.starts_at || !body.ends_at || Date.parse(body.ends_at) > Date.parse(body.starts_at);
const endsAfterStartIssue = { error: 'The end must be after the start.', path: ['ends_at'] };

export const adminExperimentBody = z
  .object({
    code: z
      .string()
      .trim()
      .min(2, { error: 'Give the experiment a code.' })
      .max(63, { error: 'Keep the code to 63 characters.' })
      .regex(slug, { error: 'Codes use lowercase letters, digits and dashes.' }),
    ...experimentFields,
  })
  .strict()
  .refine(endsAfterStart, endsAfterStartIssue);

/** The code is what the storefront and the analytics know the experiment by: it never changes. */
export const EXPERIMENT_UPDATE_EMPTY_MESSAGE =
  'Nothing to change: send the name, the variants or the dates you want to change.';

export const adminExperimentUpdateBody = z
  .object(experimentFields)
  .partial()
  .strict()
  // An empty change is a question the admin did not mean to ask (it once reached the database as an
  // UPDATE with nothing to set: a 500).
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: EXPERIMENT_UPDATE_EMPTY_MESSAGE,
  })
  .refine(endsAfterStart, endsAfterStartIssue);

export type AdminExperimentBody = z.infer<typeof adminExperimentBody>;
export type AdminExperimentUpdateBody = z.infer<typeof adminExperimentUpdateBody>;

/** One variant's numbers: who got it, who saw it, who then placed an order. */
export type AdminExperimentVariantStats = {
  code: string;
  weight: number;
  assigned: number;
  exposed: number;
  converted: number;
};

export type AdminExperiment = {
  id: number;
  code: string;
  name: string;
  starts_at: string | null;
  ends_at: string | null;
  is_running: boolean;
  variants: AdminExperimentVariantStats[];
};
