import { defineConfig } from 'vitest/config';

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    // The storefront's server code (loaders, actions) is tested against the same in-process API.
    include: ['apps/api/test/**/*.test.ts', 'apps/web/test/*.test.ts'],
    environment: 'node' as const,
    setupFiles: ['test/no-console-error.ts'],
    // One migrated, seeded database per run, copied by each file (docs/decisions/053).
    globalSetup: ['test/database-templates.ts'],
    env: { TEST_DB: database, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'apps/web/app/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
          setupFiles: ['test/no-console-error.ts'],
        },
      },
      {
        // Whole server processes (apps/web/server.ts, apps/api/src/server.ts) started as they run.
        test: {
          name: 'server',
          include: ['apps/web/test/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/no-console-error.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      // PostgreSQL runs the same API tests when a server is configured (CI sets TEST_DATABASE_URL).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
