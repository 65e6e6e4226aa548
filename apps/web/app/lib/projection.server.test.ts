import { productCardData } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projectList } from './projection.server';

const card = z.object({ sku: z.string(), name: z.string() });

describe('a catalogue list projected to what a page renders', () => {
  it('parses each item with the schema, dropping what the page does not render', () => {
    const answer = [{ sku: 'S1', name: 'Peas', description: 'long text' }];
    expect(projectList(answer, card)).toEqual([{ sku: 'S1', name: 'Peas' }]);
  });

  it('projects the same shared answer once per schema, and another answer anew', () => {
    let parses = 0;
    const counting = {
      parse: (item: unknown) => {
        parses += 1;
        return card.parse(item);
      },
    };
    const answer = [
      { sku: 'S1', name: 'Peas' },
      { sku: 'S2', name: 'Carrots' },
    ];
    const first = projectList(answer, counting);
    expect(projectList(answer, counting)).toBe(first);
    expect(parses).toBe(2);
    // Another schema over the same answer is another projection.
    const skus = { parse: (item: unknown) => (item as { sku: string }).sku };
    expect(projectList(answer, skus)).toEqual(['S1', 'S2']);
    // The catalogue replaces an answer whole when it changes: a new answer is parsed again.
    const changed = [{ sku: 'S1', name: 'Green peas' }];
    expect(projectList(changed, counting)).toEqual([{ sku: 'S1', name: 'Green peas' }]);
    expect(parses).toBe(3);
  });

  it('refuses an answer the schema refuses, every time (a failure is not kept)', () => {
    const answer = [{ sku: 'S1' }];
    expect(() => projectList(answer, productCardData)).toThrow();
    expect(() => projectList(answer, productCardData)).toThrow();
  });
});
