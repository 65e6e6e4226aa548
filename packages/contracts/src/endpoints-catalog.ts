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
  products: declare({
    summary:
      'Products of the menu, paged, filtered and priced for the cart (only_skus=true: skus only); for a signed-in family, whom each dish does not suit (suits=everyone or a child id filters)',
    method: 'GET',
    path: '/api/products',
    query: productsQuery,
    responses: { 200: productsOrSkusResponse, ...readFailures },
  }),
  product: declare({
    summary:
      'One active product by slug, priced for the cart, with its ingredients and allergens (and, for a signed-in family, whom it does not suit)',
    method: 'GET',
    path: '/api/products/:slug',
    params: productSlugParams,
    query: productDetailQuery,
    responses: { 200: productDetailResponse, ...readFailures },
  }),
  leastExpensiveProduct: declare({
    summary: 'The cheapest active product, optionally within a category',
    method: 'GET',
    path: '/api/least-expensive-product',
    query: leastExpensiveProductQuery,
    responses: { 200: productResponse, ...readFailures },
  }),
  menus: declare({
    summary: 'Menus, sorted by sorting_weight descending',
    method: 'GET',
    path: '/api/menus',
    query: menusQuery,
    responses: { 200: menusResponse, ...readFailures },
  }),
  menu: declare({
    summary: 'One menu by slug or id',
    method: 'GET',
    path: '/api/menus/:slug',
    params: menuSlugParams,
    query: menusQuery,
    responses: { 200: menuResponse, ...readFailures },
  }),
  productMenuItems: declare({
    summary: 'Menu items for navigation (same resource as /api/menus)',
    method: 'GET',
    path: '/api/product-menu-items',
    query: menusQuery,
    responses: { 200: menusResponse, ...readFailures },
  }),
  indicators: declare({
    summary: 'Nutrition indicators to filter by',
    method: 'GET',
    path: '/api/product-filters/indicators',
    responses: { 200: indicatorsResponse },
  }),
  tags: declare({
    summary: 'Diet and allergen tags to filter by',
    method: 'GET',
    path: '/api/tags',
    responses: { 200: tagsResponse },
  }),
  bestsellers: declare({
    summary: 'Bestseller groups: curated presets of items, priced for the cart',
    method: 'GET',
    path: '/api/bestsellers',
    query: bestsellersQuery,
    responses: { 200: bestsellersResponse, ...readFailures },
  }),
  alsoLoved: declare({
    summary: 'Products customers also loved with the given skus (top rated when none)',
    method: 'GET',
    path: endpointPaths.alsoLoved,
    query: alsoLovedQuery,
    responses: { 200: alsoLovedResponse, ...readFailures },
  }),
  plans: declare({
    summary: 'Box plans with their thresholds and prices, the cart plan marked selected',
    method: 'GET',
    path: '/api/sales/plans',
    query: plansQuery,
    responses: { 200: plansResponse, ...readFailures },
  }),
  appSettings: declare({
    summary: 'App setting groups (referral_system_discounts, …)',
    method: 'GET',
    path: '/api/sales/app-settings',
    responses: { 200: appSettingsResponse },
  }),
};
