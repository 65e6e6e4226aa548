import type { BadgeSeed } from './types';

export const badges = [
  { slug: 'new', name: 'New', color: '#2E9E5B' },
  { slug: 'bestseller', name: 'Bestseller', color: '#E4572E' },
  { slug: 'chefs-pick', name: "Chef's Pick", color: '#7A4FC9' },
  { slug: 'seasonal', name: 'Seasonal', color: '#D98E04' },
  { slug: 'organic', name: 'Organic', color: '#4E8A3E' },
] as const satisfies readonly BadgeSeed[];

export type BadgeSlug = (typeof badges)[number]['slug'];
