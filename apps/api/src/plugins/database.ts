import type { DatabaseHandle } from '@sprout/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Shares one database handle (created by the caller, so tests can pass their own) with every module. */
export default fp<{ database: DatabaseHandle; closeOnShutdown: boolean }>(
  async function databasePlugin(app: FastifyInstance, options) {
    app.decorate('database', options.database);
    if (options.closeOnShutdown) app.addHook('onClose', () => options.database.close());
  },
  { name: 'database' },
);
