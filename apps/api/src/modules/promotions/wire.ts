import { tierFromJson } from '../../domain/discounts';

/** The tier the discount arithmetic takes (one definition: domain/discounts). */
export const toTier = tierFromJson;
