import { type DishFamilyFit, endpoints } from '@sprout/contracts';
import type { ServerApiClient } from '../../lib/api-client.server';

/** Most skus one question names (the API's limit). */
const SKUS_PER_READ = 100;

/**
 * Whom these dishes do not suit in the signed-in family, by sku, as the API answers it
 * (docs/decisions/055); empty for a customer without children. The page never decides it.
 */
export async function readFamilyFits(
  api: ServerApiClient,
  skus: readonly string[],
): Promise<Map<string, DishFamilyFit>> {
  const unique = [...new Set(skus)];
  const batches = Array.from({ length: Math.ceil(unique.length / SKUS_PER_READ) }, (_, index) =>
    unique.slice(index * SKUS_PER_READ, (index + 1) * SKUS_PER_READ),
  );
  const answers = await Promise.all(
    batches.map((batch) => api.read(endpoints.families.dishConflicts, { query: { skus: batch.join(',') } })),
  );
  return new Map(answers.flatMap((answer) => answer.data.map((dish) => [dish.sku, dish.family] as const)));
}
