import { format } from 'node:util';
import { afterEach, beforeEach, expect, vi } from 'vitest';

/** Any console.error a test did not expect fails it: errors must not slip by as log noise. */
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(format(...args));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(unexpected, 'unexpected console.error').toEqual([]);
});
