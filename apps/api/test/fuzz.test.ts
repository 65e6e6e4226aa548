import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../../scripts/fuzz-openapi';
import { startTestApp } from './helpers';

// A CI-sized run of `npm run fuzz` (5,000 requests there): hostile input never answers 5xx.
describe('fuzzing every OpenAPI operation', () => {
  it('answers 500 generated requests without a single 5xx', async () => {
    const context = await startTestApp();
    try {
      const report = await runFuzz(context.app, { requests: 500, concurrency: 8, seed: 7 });
      expect(report.requests).toBe(500);
      expect(report.failures).toEqual([]);
      expect(report.serverErrors).toBe(0);
    } finally {
      await context.close();
    }
  }, 240_000);
});
