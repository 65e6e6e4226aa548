import type { BadgeSlug } from '../badges';
import type { CategorySlug } from '../categories';
import type { IndicatorSlug } from '../indicators';
import type { TagSlug } from '../tags';
import type { ProductSeed } from '../types';

/** A product of the demo catalogue: its category, badge, indicators and tags must exist. */
export type CatalogueProduct = ProductSeed<CategorySlug, BadgeSlug, IndicatorSlug, TagSlug>;
