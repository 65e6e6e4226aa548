import type { ProductSlug } from './products';
import type { BestsellerGroupSeed } from './types';

/** Ready-made boxes: the quantities of a group fill one plan exactly (12 or 24 items). */
export const bestsellerGroups = [
  {
    slug: 'starter-favourites',
    name: 'Starter favourites',
    description: 'The twelve meals new families reorder most, ready to drop into a 12-item box.',
    showOnCart: true,
    sortingWeight: 1,
    items: [
      { product: 'butternut-mac-and-cheese', quantity: 2 },
      { product: 'turkey-meatballs-marinara', quantity: 2 },
      { product: 'sweet-potato-carrot-flax-puree', quantity: 2 },
      { product: 'broccoli-cheddar-bites', quantity: 2 },
      { product: 'mild-chicken-tikka-masala', quantity: 1 },
      { product: 'chicken-quinoa-harvest-bowl', quantity: 1 },
      { product: 'strawberry-banana-beet-smoothie', quantity: 1 },
      { product: 'apple-cinnamon-oat-bar', quantity: 1 },
    ],
  },
  {
    slug: 'protein-packed',
    name: 'Protein packed',
    description: 'Twenty-four high-protein meals and snacks for busy, growing kids.',
    showOnCart: false,
    sortingWeight: 2,
    items: [
      { product: 'grass-fed-beef-ragu', quantity: 3 },
      { product: 'turkey-meatballs-marinara', quantity: 3 },
      { product: 'wild-salmon-sweet-pea-mash', quantity: 2 },
      { product: 'salmon-teriyaki-rice-bowl', quantity: 2 },
      { product: 'hidden-veggie-bolognese-bowl', quantity: 2 },
      { product: 'chicken-veggie-dumplings', quantity: 2 },
      { product: 'salmon-sweet-potato-cakes', quantity: 2 },
      { product: 'coconut-lentil-dal-bowl', quantity: 2 },
      { product: 'blueberry-chia-power-smoothie', quantity: 2 },
      { product: 'roasted-chickpea-crunch', quantity: 2 },
      { product: 'pumpkin-seed-power-bites', quantity: 2 },
    ],
  },
  {
    slug: 'veggie-lovers',
    name: 'Veggie lovers',
    description: 'Twelve vegetarian favourites packed with hidden and not-so-hidden veg.',
    showOnCart: true,
    sortingWeight: 3,
    items: [
      { product: 'pear-spinach-pea-puree', quantity: 2 },
      { product: 'spinach-ricotta-mini-muffins', quantity: 2 },
      { product: 'black-bean-sweet-potato-quesadilla', quantity: 2 },
      { product: 'black-bean-burrito-bowl', quantity: 2 },
      { product: 'mediterranean-falafel-bowl', quantity: 1 },
      { product: 'green-machine-smoothie', quantity: 2 },
      { product: 'spinach-kale-veggie-puffs', quantity: 1 },
    ],
  },
  {
    slug: 'little-explorers',
    name: 'Little explorers',
    description: 'Gentle spices and global flavours for adventurous eaters, enough for a 24-item box.',
    showOnCart: false,
    sortingWeight: 4,
    items: [
      { product: 'mango-red-lentil-turmeric-puree', quantity: 4 },
      { product: 'lentil-veggie-falafel-bites', quantity: 3 },
      { product: 'chicken-veggie-dumplings', quantity: 3 },
      { product: 'mild-chicken-tikka-masala', quantity: 3 },
      { product: 'veggie-fried-rice-tofu', quantity: 3 },
      { product: 'lamb-apricot-tagine-bowl', quantity: 2 },
      { product: 'coconut-lentil-dal-bowl', quantity: 2 },
      { product: 'mango-turmeric-lassi', quantity: 2 },
      { product: 'snack-explorer-sampler', quantity: 2 },
    ],
  },
] as const satisfies readonly BestsellerGroupSeed<ProductSlug>[];

export type BestsellerGroupSlug = (typeof bestsellerGroups)[number]['slug'];
