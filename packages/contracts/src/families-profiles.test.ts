import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageBand,
  BIRTH_MONTH_FUTURE_MESSAGE,
  BIRTH_MONTH_TOO_EARLY_MESSAGE,
  birthMonthProblem,
  calendarMonth,
  childBody,
  MAX_CHILD_AGE_YEARS,
  splitIngredients,
} from './families';

const today = { year: 2026, month: 11 };
const monthsBefore = (months: number) => {
  const total = today.year * 12 + today.month - 1 - months;
  return [Math.floor(total / 12), (total % 12) + 1] as const;
};

describe('birthMonthProblem', () => {
  it('accepts this month up to 16 years ago to the month, refuses anything outside', () => {
    fc.assert(
      fc.property(fc.integer({ min: -240, max: 400 }), (months) => {
        const [year, month] = monthsBefore(months);
        const problem = birthMonthProblem(year, month, today);
        if (months < 0) expect(problem).toBe(BIRTH_MONTH_FUTURE_MESSAGE);
        else if (months > MAX_CHILD_AGE_YEARS * 12) expect(problem).toBe(BIRTH_MONTH_TOO_EARLY_MESSAGE);
        else expect(problem).toBeNull();
      }),
    );
  });

  it('agrees with the age bands at their edges', () => {
    expect(ageBand(...monthsBefore(11), today)).toBe('6-12 months');
    expect(ageBand(...monthsBefore(12), today)).toBe('1-2 years');
    expect(ageBand(...monthsBefore(36), today)).toBe('3-5 years');
    expect(ageBand(...monthsBefore(72), today)).toBe('6+ years');
  });
});

describe('calendarMonth', () => {
  it("is the store's month: New York's, not UTC's", () => {
    // 03:00 UTC on 1 December is still 30 November in New York.
    expect(calendarMonth(new Date('2026-12-01T03:00:00Z'))).toEqual({ year: 2026, month: 11 });
    expect(calendarMonth(new Date('2026-12-01T12:00:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});

describe('splitIngredients', () => {
  it('splits on commas, trims, drops empties and repeats (any case), keeps the first spelling', () => {
    expect(splitIngredients(' peas, Peas ,, mushrooms ,  green   beans ')).toEqual([
      'peas',
      'mushrooms',
      'green beans',
    ]);
    expect(splitIngredients('')).toEqual([]);
  });

  it('never answers an empty word or the same word twice', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const words = splitIngredients(text);
        expect(words.every((word) => word.length > 0 && word === word.trim())).toBe(true);
        expect(new Set(words.map((word) => word.toLowerCase())).size).toBe(words.length);
      }),
    );
  });
});

describe('childBody', () => {
  it('defaults the optional parts: no allergens, no dislikes, no diet', () => {
    expect(childBody.parse({ name: ' Leo ', birth_year: '2025', birth_month: '5' })).toEqual({
      name: 'Leo',
      birth_year: 2025,
      birth_month: 5,
      allergens: [],
      disliked_dishes: [],
      disliked_ingredients: [],
      diet: null,
    });
  });
});
