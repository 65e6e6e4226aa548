import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { additionsWithin, biggerPlanForWaiting } from './waiting';

const sizes = [
  { id: 1, threshold: 12 },
  { id: 2, threshold: 24 },
  { id: 3, threshold: 36 },
];

describe('biggerPlanForWaiting', () => {
  it('keeps the chosen plan when the box and what waits fit', () => {
    expect(biggerPlanForWaiting(sizes, sizes[0]!, 4, 8)).toBeNull();
  });

  it('lands on the smallest plan that holds them all', () => {
    expect(biggerPlanForWaiting(sizes, sizes[0]!, 10, 5)?.id).toBe(2);
    expect(biggerPlanForWaiting(sizes, sizes[0]!, 20, 10)?.id).toBe(3);
  });

  it('keeps the chosen plan when no plan holds them all', () => {
    expect(biggerPlanForWaiting(sizes, sizes[1]!, 30, 10)).toBeNull();
  });

  it('never lands on a plan smaller than the chosen one, and holds everything whenever a plan can', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.nat(40), fc.nat(40), (index, inBox, waiting) => {
        const chosen = sizes[index]!;
        const plan = biggerPlanForWaiting(sizes, chosen, inBox, waiting) ?? chosen;
        expect(plan.threshold).toBeGreaterThanOrEqual(chosen.threshold);
        if (waiting > 0 && inBox + waiting <= 36)
          expect(plan.threshold).toBeGreaterThanOrEqual(inBox + waiting);
      }),
    );
  });
});

describe('additionsWithin', () => {
  it('adds in order as far as the room goes', () => {
    const lines = [
      { productId: 1, quantity: 4 },
      { productId: 2, quantity: 4 },
      { productId: 3, quantity: 4 },
    ];
    expect(additionsWithin(lines, 6)).toEqual([
      { productId: 1, quantity: 4 },
      { productId: 2, quantity: 2 },
    ]);
  });

  it('never adds more than the room nor more of a line than it asks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 10 }),
        fc.integer({ min: -3, max: 60 }),
        (quantities, room) => {
          const lines = quantities.map((quantity, productId) => ({ productId, quantity }));
          const added = additionsWithin(lines, room);
          const total = added.reduce((sum, line) => sum + line.quantity, 0);
          expect(total).toBeLessThanOrEqual(Math.max(0, room));
          expect(total).toBe(
            Math.min(
              Math.max(0, room),
              quantities.reduce((a, b) => a + b, 0),
            ),
          );
          for (const line of added)
            expect(line.quantity).toBeLessThanOrEqual(lines[line.productId]!.quantity);
        },
      ),
    );
  });
});
