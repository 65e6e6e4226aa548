import type { ImageUris } from '../../../schema/catalog';
import { productGalleryUris, productImageUris, productNutritionUri } from '../../media';
import { familyBowls } from './family-bowls';
import { fingerFoods } from './finger-foods';
import type { CatalogueProduct } from './product';
import { purees } from './purees';
import { smoothies } from './smoothies';
import { snacks } from './snacks';
import { toddlerMeals } from './toddler-meals';

export type { CatalogueProduct } from './product';

const allProducts = [
  ...purees,
  ...fingerFoods,
  ...toddlerMeals,
  ...familyBowls,
  ...smoothies,
  ...snacks,
] as const;

export type ProductSlug = (typeof allProducts)[number]['slug'];

/** A catalogue product with the public URIs of its pictures. */
export type DemoProduct = CatalogueProduct & {
  slug: ProductSlug;
  image: ImageUris;
  images: ImageUris[];
  nutritionImage: string;
};

export const products: readonly DemoProduct[] = allProducts.map((product) => ({
  ...product,
  image: productImageUris(product.slug),
  images: productGalleryUris(product.slug),
  nutritionImage: productNutritionUri(product.slug),
}));
