import type { SubmissionResult } from '@conform-to/react';
import type { Child } from '@sprout/contracts';

/** A catalogue tag as the family's forms offer it. */
export type TagChoice = { slug: string; name: string };

/** What the family page shows and chooses from (family.server.ts). */
export type FamilyChoices = {
  children: Child[];
  allergens: TagChoice[];
  diets: TagChoice[];
  dishGroups: { category: string; dishes: { sku: string; name: string }[] }[];
  /** The birth years a profile may have, this year first. */
  years: number[];
};

/** A refused form: which one (an edit names its child), and conform's reply. */
export type FamilyActionData = {
  intent: 'add' | 'edit' | 'remove';
  childId?: number | null;
  result: SubmissionResult<string[]>;
};
