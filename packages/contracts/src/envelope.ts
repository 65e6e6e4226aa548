import { z } from 'zod';

export const paginationMeta = z.object({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

/** `{data, meta}` for one resource. */
export function resource<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: z.object({}).catchall(z.unknown()).default({}) });
}

/** `{data: [...], meta: {pagination}}` for a paged list. */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: z.object({ pagination: paginationMeta }) });
}

/** `{data: [...]}` for a short list that is never paged. */
export function list<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: z.object({}).catchall(z.unknown()).default({}) });
}

export function paginate(total: number, page: number, perPage: number, count: number): PaginationMeta {
  return {
    total,
    count,
    per_page: perPage,
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** Accepts `a,b` or repeated `?x=a&x=b` query values, trimmed, empties dropped. */
export const commaList = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part.length > 0),
);
