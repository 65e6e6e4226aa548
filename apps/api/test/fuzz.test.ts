import { demoAccounts } from '@sprout/db/seed';
import { describe, expect, it } from 'vitest';
import { inProcessTarget, runFuzz, signIn } from '../../../scripts/fuzz-openapi';
import { startTestApp } from './helpers';

// A CI-sized run of `npm run fuzz` (5,000 requests there): hostile input never answers 5xx, whoever
// sends it: a visitor, the demo customer or the demo admin (signed in as a browser is, through
// the dev mailbox's code).
describe('fuzzing every OpenAPI operation', () => {
  it('answers 600 generated requests from a visitor, a customer and an admin without a single 5xx', async () => {
    const context = await startTestApp();
    try {
      const target = inProcessTarget(context.app);
      const sessions = {
        customer: await signIn(target, demoAccounts.customer),
        admin: await signIn(target, demoAccounts.admin),
      };
      const report = await runFuzz(target, { requests: 600, concurrency: 8, seed: 7, sessions });
      expect(report.requests).toBeGreaterThan(590);
      expect(report.failures).toEqual([]);
      expect(report.serverErrors).toBe(0);
      // Each role really sent its share, and the sessions were real: the admin got past the guard.
      for (const role of ['visitor', 'customer', 'admin'] as const)
        expect(report.byRole[role].requests, role).toBeGreaterThan(190);
      expect(report.byRole.admin.statuses['200'] ?? 0).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 240_000);
});
