import { accountEndpoints, deliveriesEndpoints, lifecycleEndpoints } from './endpoints-account';
import { adminBlogEndpoints, adminEndpoints } from './endpoints-admin';
import { accessEndpoints, authEndpoints } from './endpoints-auth';
import { blogEndpoints } from './endpoints-blog';
import { cartsEndpoints } from './endpoints-carts';
import { catalogEndpoints } from './endpoints-catalog';
import { checkoutEndpoints } from './endpoints-checkout';
import { familiesEndpoints } from './endpoints-families';
import { giftCardsEndpoints } from './endpoints-gift-cards';
import { marketingEndpoints } from './endpoints-marketing';
import { ordersEndpoints } from './endpoints-orders';
import { ratingsEndpoints } from './endpoints-ratings';

/**
 * Every endpoint the API serves under /api and /auth, by domain (docs/decisions/051):
 * `endpoints.carts.setItem`. The browser imports only the small groups it needs (the pay flow's
 * `checkoutEndpoints`), never this object, so its chunk does not carry every schema.
 *
 * The cart's endpoints are also served under `/api/sales/abandoned-carts` (each one's `aliases`);
 * `/api/customers/abandoned-carts` is the one to call.
 */
export const endpoints = {
  access: accessEndpoints,
  account: accountEndpoints,
  admin: adminEndpoints,
  adminBlog: adminBlogEndpoints,
  auth: authEndpoints,
  blog: blogEndpoints,
  carts: cartsEndpoints,
  catalog: catalogEndpoints,
  checkout: checkoutEndpoints,
  deliveries: deliveriesEndpoints,
  families: familiesEndpoints,
  giftCards: giftCardsEndpoints,
  lifecycle: lifecycleEndpoints,
  marketing: marketingEndpoints,
  orders: ordersEndpoints,
  ratings: ratingsEndpoints,
};
