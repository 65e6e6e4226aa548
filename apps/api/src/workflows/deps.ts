import type { Database } from '@sprout/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../domain/payment-provider';
import type { Site } from '../lib/site';
import type { Mailer } from '../plugins/mail';

/**
 * The one dependency set of every flow and job, built once at start-up (app.ts) and read as
 * `app.deps`: no route handler or job assembles its own (ARCHITECTURE.md, docs/decisions/048).
 */
export type FlowDeps = {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  site: Site;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: FlowDeps;
  }
}
