import { describe, expect, it } from 'vitest';
import { definedFields } from './objects';

describe('definedFields', () => {
  it('keeps null and falsy values, drops only undefined', () => {
    expect(definedFields({ a: 1, b: undefined, c: null, d: false, e: '' })).toEqual({
      a: 1,
      c: null,
      d: false,
      e: '',
    });
  });
});
