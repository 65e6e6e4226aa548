import type { Database } from '../client';
import { experiments } from '../schema/index';

/**
 * The store's first real experiment (decision 026): the capture popup's submit button says 'Continue'
 * (the storefront's own wording, control) or 'Continue to my box'. Inserted once by its code; weights edited later
 * (by the admin site) move nobody already assigned, because assignments are stored.
 */
export const demoExperiments = [
  {
    code: 'capture-submit-label',
    name: 'Capture popup submit label',
    variants: [
      { code: 'control', weight: 50 },
      { code: 'continue-to-my-box', weight: 50 },
    ],
  },
];

export async function seedExperiments(db: Database): Promise<void> {
  await db.insert(experiments).values(demoExperiments).onConflictDoNothing({ target: experiments.code });
}
