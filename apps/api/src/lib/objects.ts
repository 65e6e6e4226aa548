/**
 * The fields that were given: a partial update sends only what the request named, so a field
 * left out is never written as null.
 */
export function definedFields<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
