import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignVariant, bucketPoint, isRunning, variantAt } from './assignment';

const variantsArbitrary = fc
  .array(fc.integer({ min: 1, max: 100 }), { minLength: 2, maxLength: 4 })
  .map((weights) => weights.map((weight, index) => ({ code: `v${index}`, weight })));

describe('experiment assignment', () => {
  it('gives the same unit the same variant every time', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.uuid(), variantsArbitrary, (code, unit, variants) => {
        const first = assignVariant({ code, variants }, unit);
        expect(assignVariant({ code, variants }, unit)).toBe(first);
        expect(variants.map((variant) => variant.code)).toContain(first);
      }),
    );
  });

  it('splits 10,000 units by the weights within 2 percentage points', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), variantsArbitrary, (code, variants) => {
        const counts = new Map<string, number>();
        const units = 10_000;
        for (let unit = 1; unit <= units; unit++) {
          // Sequential ids (customer ids are) are the hard case for a weak hash.
          const variant = assignVariant({ code, variants }, String(unit));
          counts.set(variant, (counts.get(variant) ?? 0) + 1);
        }
        const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
        for (const variant of variants) {
          const share = (counts.get(variant.code) ?? 0) / units;
          expect(Math.abs(share - variant.weight / total)).toBeLessThanOrEqual(0.02);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('places points in [0, 1) and edges on the variant boundaries', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (code, unit) => {
        const point = bucketPoint(code, unit);
        expect(point).toBeGreaterThanOrEqual(0);
        expect(point).toBeLessThan(1);
      }),
    );
    const halves = [
      { code: 'a', weight: 1 },
      { code: 'b', weight: 1 },
    ];
    expect(variantAt(halves, 0)).toBe('a');
    expect(variantAt(halves, 0.4999)).toBe('a');
    expect(variantAt(halves, 0.5)).toBe('b');
    expect(variantAt(halves, 0.999999)).toBe('b');
    expect(variantAt([{ code: 'off', weight: 0 }, ...halves], 0)).toBe('a');
  });

  it('runs only between its dates', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(isRunning({ startsAt: null, endsAt: null }, at)).toBe(true);
    expect(isRunning({ startsAt: new Date('2026-11-24T00:00:00Z'), endsAt: null }, at)).toBe(false);
    expect(isRunning({ startsAt: null, endsAt: at }, at)).toBe(false);
  });
});
