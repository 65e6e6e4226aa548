/**
 * The catalogue's paging, kept apart from the zod schemas like constants.ts.
 */

/** A product listing's page when it asks for no size: GET /api/products without perPage. */
export const PRODUCT_PAGE_SIZE = 12;

/** A menu's whole stock is read this many dishes a page, page after page up to the last. */
export const MENU_STOCK_PAGE_SIZE = 9;
