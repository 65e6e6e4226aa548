import { format } from 'node:util';
import { afterEach, beforeEach, expect, vi } from 'vitest';

/** Any console.error a test did not expect fails it: errors must not slip by as log noise. */
let logged: string[] = [];
let allowed: RegExp[] = [];

beforeEach(() => {
  logged = [];
  allowed = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  expect(unexpected, 'unexpected console.error').toEqual([]);
});

/**
 * Declares that this test expects console.error lines matching the pattern, and returns the
 * matching lines logged so far so the test can assert on them.
 */
export function expectConsoleError(pattern: RegExp): () => string[] {
  allowed.push(pattern);
  return () => logged.filter((line) => pattern.test(line));
}
