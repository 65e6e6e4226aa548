import {
  alsoLovedQuery,
  alsoLovedResponse,
  bestsellersQuery,
  bestsellersResponse,
  indicatorsResponse,
  leastExpensiveProductQuery,
  menuResponse,
  menuSlugParams,
  menusQuery,
  menusResponse,
  productDetailQuery,
  productDetailResponse,
  productResponse,
  productSlugParams,
  productsOrSkusResponse,
  productsQuery,
  tagsResponse,
} from './catalog';
import { readFailures } from './endpoint-failures';
import { endpointPaths } from './endpoint-paths';
import { declare } from './endpoints-types';
import { plansQuery, plansResponse } from './plans';
import { appSettingsResponse } from './promotions';

export const catalogEndpoints = {
  /** Products of the menu, paged, filtered and priced for the cart (only_skus=true: skus only) */
  products: declare({
    method: 'GET',
    path: '/api/products',
    query: productsQuery,
    responses: { 200: productsOrSkusResponse, ...readFailures },
  }),
  /** One active product by slug, priced for the cart, with its ingredients and allergens */
  product: declare({
    method: 'GET',
    path: '/api/products/:slug',
    params: productSlugParams,
    query: productDetailQuery,
    responses: { 200: productDetailResponse, ...readFailures },
  }),
  /** The cheapest active product, optionally within a category */
  leastExpensiveProduct: declare({
    method: 'GET',
    path: '/api/least-expensive-product',
    query: leastExpensiveProductQuery,
    responses: { 200: productResponse, ...readFailures },
  }),
  /** Menus, sorted by sorting_weight descending */
  menus: declare({
    method: 'GET',
    path: '/api/menus',
    query: menusQuery,
    responses: { 200: menusResponse, ...readFailures },
  }),
  /** One menu by slug or id */
  menu: declare({
    method: 'GET',
    path: '/api/menus/:slug',
    params: menuSlugParams,
    query: menusQuery,
    responses: { 200: menuResponse, ...readFailures },
  }),
  /** Menu items for navigation (same resource as /api/menus) */
  productMenuItems: declare({
    method: 'GET',
    path: '/api/product-menu-items',
    query: menusQuery,
    responses: { 200: menusResponse, ...readFailures },
  }),
  /** Nutrition indicators to filter by */
  indicators: declare({
    method: 'GET',
    path: '/api/product-filters/indicators',
    responses: { 200: indicatorsResponse },
  }),
  /** Diet and allergen tags to filter by */
  tags: declare({ method: 'GET', path: '/api/tags', responses: { 200: tagsResponse } }),
  /** Bestseller groups: curated presets of items, priced for the cart */
  bestsellers: declare({
    method: 'GET',
    path: '/api/bestsellers',
    query: bestsellersQuery,
    responses: { 200: bestsellersResponse, ...readFailures },
  }),
  /** Products customers also loved with the given skus (top rated when none) */
  alsoLoved: declare({
    method: 'GET',
    path: endpointPaths.alsoLoved,
    query: alsoLovedQuery,
    responses: { 200: alsoLovedResponse, ...readFailures },
  }),
  /** Box plans with their thresholds and prices, the cart plan marked selected */
  plans: declare({
    method: 'GET',
    path: '/api/sales/plans',
    query: plansQuery,
    responses: { 200: plansResponse, ...readFailures },
  }),
  /** App setting groups (referral_system_discounts, …) */
  appSettings: declare({
    method: 'GET',
    path: '/api/sales/app-settings',
    responses: { 200: appSettingsResponse },
  }),
};
