/**
 * A list from the catalogue cache, projected once to what a page renders (decision 030).
 *
 * The catalogue's answers are shared, never mutated and replaced whole when the catalogue changes
 * (decision 028), so the same answer projected by the same schema gives the same list: it is kept
 * per (answer, schema) in weak maps and dies with the answer. Parsing the twelve product cards
 * with zod on every /menus request was a tenth of a memoised page's loader time. The projected
 * list is shared between requests like the answer it comes from: never mutate it.
 */
type Projector<T> = { parse(input: unknown): T };

const projections = new WeakMap<readonly unknown[], WeakMap<Projector<unknown>, readonly unknown[]>>();

export function projectList<T>(items: readonly unknown[], schema: Projector<T>): T[] {
  let bySchema = projections.get(items);
  if (!bySchema) {
    bySchema = new WeakMap();
    projections.set(items, bySchema);
  }
  let projected = bySchema.get(schema as Projector<unknown>);
  if (!projected) {
    projected = items.map((item) => schema.parse(item));
    bySchema.set(schema as Projector<unknown>, projected);
  }
  return projected as T[];
}
