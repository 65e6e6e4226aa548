/**
 * The blog's limits and messages without zod: the blog pages' browser code reads them (the search
 * box's length), so this file must stay free of schemas (zod would join those pages' budgets).
 */

/** Posts per page of the blog and of each category (decision 025). */
export const BLOG_PAGE_SIZE = 9;
/** Longest search a visitor can type; longer input is cut, not refused (it is a search box). */
export const BLOG_SEARCH_MAX_LENGTH = 100;
/** As-you-type suggestions shown under the search box. */
export const BLOG_SUGGESTION_LIMIT = 5;
/** Results on the search page. */
export const BLOG_SEARCH_LIMIT = 20;
/** Related posts under an article. */
export const BLOG_RELATED_LIMIT = 3;
/** The storefront's search call gives up after this long: status 0 with one of the messages below. */
export const BLOG_SEARCH_TIMEOUT_MS = 2_500;

export const SEARCH_CONNECTION_TIMEOUT = 'Connection timeout';
export const SEARCH_SOCKET_TIMEOUT = 'Socket timeout';
export const SEARCH_NETWORK_FAILURE = 'Network request failed';
export const SEARCH_UNAVAILABLE_MESSAGE =
  'Search is taking a break right now. Here are our latest posts while it recovers.';

export const BLOG_SLUG_MESSAGE =
  'Use lowercase letters, digits and single dashes, for example "iron-for-toddlers".';
export const BLOG_CATEGORY_UNKNOWN_MESSAGE = 'Choose one of the blog categories.';
export const BLOG_SLUG_TAKEN_MESSAGE = 'Another post already uses this slug.';
export const BLOG_PRODUCT_UNKNOWN_MESSAGE = 'One of these products is not on the menu.';
