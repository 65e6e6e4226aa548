import { createHash } from 'node:crypto';

/**
 * Deterministic experiment assignment (decision 026): a unit (a cart or a customer) lands on a
 * point in [0, 1) from a hash of (experiment code, unit id), and the variants share that line by
 * weight. Same inputs, same variant, on every replica, with no shared state; different experiments
 * hash differently, so one experiment's split does not correlate with another's.
 */

export type WeightedVariant = { code: string; weight: number };

/** The unit's point in [0, 1): the first 52 bits of SHA-256("<experiment>:<unit>"). */
export function bucketPoint(experimentCode: string, unitId: string): number {
  const digest = createHash('sha256').update(`${experimentCode}:${unitId}`).digest();
  // 52 bits fit a double exactly: 4 bytes then the next 20 bits.
  const high = digest.readUInt32BE(0);
  const low = digest.readUInt32BE(4) >>> 12;
  return (high * 2 ** 20 + low) / 2 ** 52;
}

/** The variant whose share of the line holds the point. Weights are relative (need not sum to 1). */
export function variantAt(variants: readonly WeightedVariant[], point: number): string {
  const usable = variants.filter((variant) => variant.weight > 0);
  if (usable.length === 0) throw new Error('An experiment needs at least one variant with a weight.');
  const total = usable.reduce((sum, variant) => sum + variant.weight, 0);
  let edge = 0;
  for (const variant of usable) {
    edge += variant.weight / total;
    if (point < edge) return variant.code;
  }
  // Rounding can leave the last edge a hair under 1.
  return usable[usable.length - 1]!.code;
}

export function assignVariant(
  experiment: { code: string; variants: readonly WeightedVariant[] },
  unitId: string,
): string {
  return variantAt(experiment.variants, bucketPoint(experiment.code, unitId));
}

/** Live between its dates (either may be open). */
export function isRunning(experiment: { startsAt: Date | null; endsAt: Date | null }, at: Date): boolean {
  if (experiment.startsAt && experiment.startsAt > at) return false;
  if (experiment.endsAt && experiment.endsAt <= at) return false;
  return true;
}

/** What the storefront and the analytics user property carry. */
export function assignmentCode(experimentCode: string, variant: string): string {
  return `${experimentCode}.${variant}`;
}
