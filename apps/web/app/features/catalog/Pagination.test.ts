import { describe, expect, it } from 'vitest';
import { visiblePages } from './Pagination';

describe('visiblePages', () => {
  it('shows every page when there are few', () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
  });

  it('keeps first, last and neighbours, with gaps between', () => {
    expect(visiblePages(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(visiblePages(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('never shows more than seven entries', () => {
    for (let total = 1; total <= 50; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        expect(visiblePages(current, total).length).toBeLessThanOrEqual(7);
      }
    }
  });
});
