import type {
  BestsellerGroup,
  BlogCategory,
  BlogPost,
  Indicator,
  Menu,
  MenusQuery,
  ProductDetail,
  ProductsQuery,
  ProductsResponse,
  Tag,
} from '@sprout/contracts';
import {
  bestsellersQuery,
  blogSlugParams,
  CONTROL_CHARACTERS_MESSAGE,
  endpoints,
  hasControlCharacters,
  menusQuery,
  productsQuery,
} from '@sprout/contracts';
import { ApiError, isApiError, type ServerApiClient, unavailablePage } from './api-client.server';

type List<T> = { data: T[] };
/** What a loader may pass: the query as the URL would carry it (defaults filled in by the schema). */
type Input<Q> = { [K in keyof Q]?: Q[K] | undefined };

/**
 * The catalogue reads of the storefront's loaders (decision 028), in the wire shapes of
 * packages/contracts. In one process they are the API's cached reads, called directly: no HTTP
 * emulation, no JSON round trip. The answers are shared between visitors: never mutate them.
 */
export type CatalogueClient = {
  products(query: Input<ProductsQuery>): Promise<ProductsResponse>;
  menus(query: Input<MenusQuery>): Promise<List<Menu>>;
  indicators(): Promise<List<Indicator>>;
  tags(): Promise<List<Tag>>;
  bestsellers(query: {
    abandonedCartId?: string | undefined;
    planId?: number | undefined;
  }): Promise<List<BestsellerGroup>>;
  /** Active products by slug, in that order, as cards priced for the cart; gone ones left out. */
  productCards(query: {
    slugs: string[];
    abandonedCartId?: string | undefined;
    /** Prices under this plan instead of the cart's (a signed-in subscriber's, decision 042). */
    planId?: number | undefined;
  }): Promise<List<ProductDetail>>;
  /** A published post as its page shows it (an unknown one: ApiError 404). */
  blogPost(slug: string): Promise<BlogPost>;
  /** The blog's categories with their published post counts. */
  blogCategories(): Promise<List<BlogCategory>>;
};

/** The API's own cached reads (apps/api catalog/reads.ts), as the in-process server has them. */
export type InProcessCatalogue = {
  products(query: ProductsQuery): Promise<{ value: unknown }>;
  menus(query: MenusQuery): Promise<{ value: unknown }>;
  indicators(): Promise<{ value: unknown }>;
  tags(): Promise<{ value: unknown }>;
  bestsellers(query: {
    abandonedCartId?: string | undefined;
    planId?: number | undefined;
  }): Promise<{ value: unknown }>;
  productCards(query: {
    slugs: readonly string[];
    abandonedCartId?: string | undefined;
    planId?: number | undefined;
  }): Promise<{
    value: unknown;
  }>;
  blog: {
    post(slug: string): Promise<{ value: unknown }>;
    categories(): Promise<{ value: unknown }>;
  };
};

type ServiceError = {
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
  code?: number;
};

const isServiceError = (error: unknown): error is ServiceError =>
  error instanceof Error &&
  error.name === 'AppError' &&
  typeof (error as unknown as ServiceError).status === 'number';

/**
 * The same failures a loader would have met over HTTP: a bad query or an unknown cart or menu, and
 * a database that cannot be reached (`isUnavailable`, the API's own rule: docs/decisions/034).
 */
async function readAsApiErrors<T>(
  read: () => Promise<T>,
  isUnavailable: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isUnavailable(error)) throw unavailablePage();
    if (isServiceError(error)) {
      throw new ApiError(error.status, {
        message: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...(error.code === undefined ? {} : { code: error.code }),
      });
    }
    throw error;
  }
}

function parsed<Q>(
  schema: { safeParse(input: unknown): { success: true; data: Q } | { success: false } },
  input: Record<string, unknown>,
): Q {
  // The API holds every string of every request to this rule before any schema (its errors
  // plugin); called in process, the same rule applies here: a NUL never reaches PostgreSQL.
  const strings = Object.values(input).flatMap((value) => (Array.isArray(value) ? value : [value]));
  if (strings.some((value) => typeof value === 'string' && hasControlCharacters(value)))
    throw new ApiError(422, { message: CONTROL_CHARACTERS_MESSAGE });
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(422, { message: 'This catalogue query is not valid.' });
  return result.data;
}

const withoutUndefined = (input: object) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));

/**
 * `isUnavailable` tells a database that cannot be reached from any other failure: the server
 * entry passes the API's rule (this module is bundled with the pages, which must not carry it).
 */
export function inProcessCatalogue(
  reads: InProcessCatalogue,
  isUnavailable: (error: unknown) => boolean,
): CatalogueClient {
  const asApiErrors = <T>(read: () => Promise<T>) => readAsApiErrors(read, isUnavailable);
  return {
    products: (query) =>
      asApiErrors(
        async () =>
          (await reads.products(parsed(productsQuery, withoutUndefined(query)))).value as ProductsResponse,
      ),
    menus: (query) =>
      asApiErrors(
        async () => (await reads.menus(parsed(menusQuery, withoutUndefined(query)))).value as List<Menu>,
      ),
    indicators: () => asApiErrors(async () => (await reads.indicators()).value as List<Indicator>),
    tags: () => asApiErrors(async () => (await reads.tags()).value as List<Tag>),
    bestsellers: (query) =>
      asApiErrors(
        async () =>
          (await reads.bestsellers(parsed(bestsellersQuery, withoutUndefined(query))))
            .value as List<BestsellerGroup>,
      ),
    productCards: ({ slugs, abandonedCartId, planId }) =>
      asApiErrors(async () => {
        // The cart and plan are held to the same rules as everywhere (bestsellers names them the same way).
        const cart = parsed(bestsellersQuery, withoutUndefined({ abandonedCartId, planId }));
        return (
          await reads.productCards({ slugs, abandonedCartId: cart.abandonedCartId, planId: cart.planId })
        ).value as List<ProductDetail>;
      }),
    // The slug is the address's: held to the route's own rules (length, no control character).
    blogPost: (slug) =>
      asApiErrors(
        async () => (await reads.blog.post(parsed(blogSlugParams, { slug }).slug)).value as BlogPost,
      ),
    blogCategories: () =>
      asApiErrors(async () => (await reads.blog.categories()).value as List<BlogCategory>),
  };
}

const listParam = (values: readonly string[] | undefined) =>
  values === undefined ? undefined : values.join(',');

/** With API_URL set (the API elsewhere), the same reads over HTTP. */
export function remoteCatalogue(api: ServerApiClient): CatalogueClient {
  return {
    // Declared as products or, with only_skus=true, their skus: the storefront never asks for skus only.
    products: ({ indicators, tags, include, ...rest }) =>
      api.read(endpoints.catalog.products, {
        query: {
          ...rest,
          indicators: listParam(indicators),
          tags: listParam(tags),
          include: listParam(include),
        },
      }) as Promise<ProductsResponse>,
    menus: ({ include, ...rest }) =>
      api.read(endpoints.catalog.menus, { query: { ...rest, include: listParam(include) } }),
    indicators: () => api.read(endpoints.catalog.indicators),
    tags: () => api.read(endpoints.catalog.tags),
    bestsellers: (query) => api.read(endpoints.catalog.bestsellers, { query }),
    // One request per dish, as the API has no list by slug: the remote set-up is not the fast path.
    async productCards({ slugs, abandonedCartId, planId }) {
      const read = async (slug: string, cart: string | undefined): Promise<ProductDetail | null> => {
        try {
          const query = { abandoned_cart: cart, plan_id: planId, include: 'badge,category' };
          return (await api.read(endpoints.catalog.product, { params: { slug }, query })).data;
        } catch (error) {
          if (!isApiError(error) || (error.status !== 404 && error.status !== 422)) throw error;
          // A stale cart (422/404 for the cart) is read again without it; a dish gone is left out.
          return cart ? read(slug, undefined) : null;
        }
      };
      const products = await Promise.all(slugs.map((slug) => read(slug, abandonedCartId)));
      return { data: products.filter((product): product is ProductDetail => product !== null) };
    },
    blogPost: async (slug) => (await api.read(endpoints.blog.post, { params: { slug } })).data,
    blogCategories: () => api.read(endpoints.blog.categories),
  };
}
