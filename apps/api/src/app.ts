import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import { devJobsBody, type ExperimentAssignment } from '@sprout/contracts';
import type { DatabaseHandle } from '@sprout/db';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { CART_PREFIXES } from './http/cart-cookie';
import { startServerErrorReporting } from './lib/error-reporting';
import { type Clock, JobRunner } from './lib/jobs';
import { personalRedactPaths, serializeError, serializeRequest } from './lib/log-privacy';
import { type PageReads, pageReads } from './lib/page-reads';
import { asynchronousStdout, OneLinePerRequest } from './lib/request-log';
import { siteOf } from './lib/site';
import * as accounts from './modules/accounts/service';
import { impersonationEndsJob, sessionUser } from './modules/auth/service';
import { loadAbandonedCart } from './modules/carts/service';
import { giftCardDeliveriesJob, staleGiftCardPurchasesJob } from './modules/gift-cards/jobs';
import { modules } from './modules/index';
import { cartRemindersJob } from './modules/marketing/jobs';
import { cachedExperimentList, experimentsFor } from './modules/marketing/service';
import { expiredCountersJob } from './platform/limits/service';
import cataloguePlugin from './plugins/catalogue';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import lifecyclePlugin from './plugins/lifecycle';
import mailPlugin from './plugins/mail';
import openapiPlugin from './plugins/openapi';
import paymentsPlugin from './plugins/payments';
import rateLimitPlugin from './plugins/rate-limit';
import security from './plugins/security';
import { checkoutJob } from './workflows/checkout-jobs';
import type { FlowDeps } from './workflows/deps';
import { ratingRequestsJob } from './workflows/dish-ratings';
import { workflowRoutes } from './workflows/index';
import { handleStripeEvent } from './workflows/payment-webhook';
import { deliveriesJob, deliveryRemindersJob, renewalsJob } from './workflows/renewal-jobs';
import { pauseJob } from './workflows/subscription-lifecycle';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Close the database with the app (the server owns it); tests keep theirs open. */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Tests only: Stripe API calls go to this local imitation instead of api.stripe.com. */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Start the background job loops when the app is ready (default: outside tests). */
  startJobs?: boolean;
  /** The clock every job reads (default: the database's now()). */
  clock?: Clock;
};

/**
 * The experiments of a browser known by its visitor id alone (no session, no cart): what
 * `GET /api/experiments?visitor_id=` answers, for the storefront's root loader in the same process
 * without HTTP emulation (decision 030). Assigned, not stored, as that route does for a visitor.
 */
export type VisitorExperiments = {
  /**
   * `newVisitor`: the id was minted for this request (no cookie carried it), so nothing can be
   * stored under it yet and the read of stored variants is skipped (the same answer, one statement).
   */
  forVisitor(visitorId: string, options?: { newVisitor?: boolean }): Promise<ExperimentAssignment[]>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every background job (lib/jobs): `npm run jobs` and tests run them once with `runAllOnce`. */
    jobs: JobRunner;
    experiments: VisitorExperiments;
    /** The storefront's in-process calls of one page share their reads of one thing (lib/page-reads). */
    pageReads: PageReads;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Request body fields that hold card data: never logged (the number and its security code). */
export const CARD_BODY_FIELDS = ['number', 'cvc'] as const;

export function loggerOptions(
  config: Config,
  stream?: ReturnType<typeof asynchronousStdout>,
): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test') return false;
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      // Card fields sent to the test provider's browser API, should a body ever be logged.
      ...CARD_BODY_FIELDS.flatMap((field) => [`req.body.${field}`, `body.${field}`]),
      // Names, emails, phones, addresses, passwords, tokens and codes, wherever they are logged.
      ...personalRedactPaths(),
    ],
    // SQL statements are logged without their values; URLs without personal query values.
    serializers: { err: serializeError, req: serializeRequest },
  };
}

/** The API as a Fastify instance: used alone (server.ts), inside the storefront server, and by tests. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // The process's own logs (not a test's stream): written asynchronously, flushed at close.
  const logStream =
    options.logger === undefined && config.NODE_ENV !== 'test' ? asynchronousStdout() : undefined;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, logStream),
    logController: new OneLinePerRequest(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    // genReqId reads and checks the incoming header itself; Fastify would otherwise take it as-is.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A badly encoded URL (%FF) or a malformed header answers in the one error shape too.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).status(error.statusCode ?? 400).send({ message: 'This address is not valid.' });
    },
  });
  // Last lines (shutdown, a failed job) reach the output before the process moves on or exits.
  if (logStream) {
    app.addHook('onClose', async () => {
      try {
        logStream.flushSync();
      } catch {
        // A full pipe (EAGAIN): pino's exit handler writes what is left when the process exits.
      }
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const startJobs = options.startJobs ?? config.NODE_ENV !== 'test';
  app.decorate('jobs', new JobRunner(app.log, options.clock));
  // No new pass starts once closing; one in flight is awaited (a failure there is only logged).
  app.addHook('onClose', async () => app.jobs.stop());

  await app.register(errorsPlugin);
  app.decorate('errorReporter', await startServerErrorReporting(config.SENTRY_DSN, app.log));
  // Brotli or gzip by Accept-Encoding for JSON, pages and text assets (fastify-plugin: every
  // route of the server, the storefront's included; files with a precompressed twin skip it).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(databasePlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabase ?? false,
  });
  // /healthz (on a connection of its own) and the drain on SIGTERM (docs/decisions/034).
  await app.register(lifecyclePlugin, {
    database: options.database,
    drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  // The catalogue's cache and its LISTEN connection (decision 028): the reads and admin writes use it.
  await app.register(cataloguePlugin, { database: options.database });
  const experimentList = cachedExperimentList(() => options.database.db, app.catalogue.cache);
  const visitorExperiments: VisitorExperiments = {
    forVisitor: (visitorId, { newVisitor = false } = {}) =>
      experimentsFor(options.database.db, { cartId: undefined, userId: undefined, visitorId }, new Date(), {
        newVisitor,
        experiments: experimentList,
      }),
  };
  app.decorate('experiments', visitorExperiments);
  app.decorate('pageReads', pageReads);
  // Every module's guard finds the session through this (http/guards.ts): none imports the auth module.
  app.decorate('findSession', (token: string | undefined) => sessionUser(options.database.db, token));
  await app.register(security, {
    siteUrl: config.SITE_URL,
    allowedOrigins: config.ALLOWED_ORIGINS,
    contentSecurity: {
      stripe: Boolean(config.STRIPE_PUBLISHABLE_KEY),
      // The tag manager's container script and its beacons (docs/decisions/026); none without GTM_ID.
      ...(config.GTM_ID ? { tagManagerOrigin: 'https://www.googletagmanager.com' } : {}),
      development: config.NODE_ENV === 'development',
      https: config.SITE_URL.startsWith('https:'),
    },
  });
  await app.register(rateLimitPlugin, {
    writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
    cartCreationsPerHour: config.RATE_LIMIT_CART_CREATIONS_PER_HOUR,
    cartCreationPaths: CART_PREFIXES,
  });
  await app.register(openapiPlugin, { siteName: config.SITE_NAME });
  await app.register(mailPlugin, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    intervalMs: config.MAIL_WORKER_INTERVAL_MS,
    concurrency: config.MAIL_WORKER_CONCURRENCY,
    timeouts: {
      connectionMs: config.SMTP_CONNECTION_TIMEOUT_MS,
      socketMs: config.SMTP_SOCKET_TIMEOUT_MS,
      sendMs: config.SMTP_SEND_TIMEOUT_MS,
    },
    // The mailbox shows every mail the store sent, sign-in codes included: demo mode only
    // (docs/decisions/014); live mode mounts nothing under /dev.
    devMailbox: config.STORE_MODE === 'demo',
  });
  await app.register(paymentsPlugin, {
    stripe:
      config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: config.STRIPE_SECRET_KEY,
            publishableKey: config.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    siteUrl: config.SITE_URL,
    // Called once a request arrives, when app.deps (built below) exists.
    onStripeEvent: (event, log) => handleStripeEvent(app.deps, event, log),
    allowedOrigins: config.ALLOWED_ORIGINS,
    stripeApi: options.stripeApi,
  });

  const deps: FlowDeps = {
    db: options.database.db,
    payments: app.payments,
    mailer: app.mailer,
    log: app.log,
    site: siteOf(config),
  };
  app.decorate('deps', deps);

  app.jobs.add(checkoutJob(deps, config.CHECKOUT_JOBS_INTERVAL_MS));
  app.jobs.add(deliveriesJob(deps, config.RENEWAL_JOBS_INTERVAL_MS));
  app.jobs.add(deliveryRemindersJob(deps, config.RENEWAL_JOBS_INTERVAL_MS));
  app.jobs.add(renewalsJob(deps, config.RENEWAL_JOBS_INTERVAL_MS));
  // After each delivery: how did the children like their box? (decision 055, Ratings)
  app.jobs.add(ratingRequestsJob(deps, config.RENEWAL_JOBS_INTERVAL_MS));
  app.jobs.add(expiredCountersJob(options.database.db));
  // Acting as a customer: ends nobody saw happen (expiry) reach the audit log (decision 037).
  app.jobs.add(impersonationEndsJob(options.database.db, accounts));
  app.jobs.add(giftCardDeliveriesJob(deps, config.RENEWAL_JOBS_INTERVAL_MS));
  app.jobs.add(staleGiftCardPurchasesJob(deps, config.CHECKOUT_JOBS_INTERVAL_MS));
  app.jobs.add(pauseJob(deps, config.CHECKOUT_JOBS_INTERVAL_MS));
  app.jobs.add(cartRemindersJob({ ...deps, loadCart: loadAbandonedCart }, config.RENEWAL_JOBS_INTERVAL_MS));
  if (config.STORE_MODE === 'demo') {
    // Demo-only door (decision 026): the browser journeys run the jobs "an hour later", as
    // `npm run jobs -- --as-of=` does, without a shell. Live mode mounts nothing under /dev.
    app
      .withTypeProvider<ZodTypeProvider>()
      .post('/dev/jobs/run', { schema: { hide: true, body: devJobsBody } }, async (request) => {
        const asOf = new Date(request.body.as_of);
        const outcomes = await app.jobs.runAllOnce(asOf, request.body.only);
        return { data: outcomes };
      });
  }
  if (startJobs) app.addHook('onReady', async () => app.jobs.start());
  if (config.NODE_ENV === 'production' && app.payments.name === 'test') {
    app.log.warn('payments: no Stripe keys, so the embedded test provider takes payments (test cards only)');
  }

  for (const [name, routes] of [...Object.entries(modules), ...Object.entries(workflowRoutes)]) {
    await app.register(routes, {
      name,
      siteUrl: config.SITE_URL,
      siteName: config.SITE_NAME,
      accountSiteUrl: config.ACCOUNT_SITE_URL,
      adminSiteUrl: config.ADMIN_SITE_URL,
      socialProviders: config.SOCIAL_PROVIDERS,
      emailChecksPerHour: config.RATE_LIMIT_EMAIL_CHECKS_PER_HOUR,
      signInLimits: {
        failuresPer15Minutes: config.RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES,
        codesPer15Minutes: config.RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES,
      },
      // Auth's sign-out, password and impersonation steps ask accounts through this (docs/decisions/048).
      accounts,
    } as never);
  }
  return app;
}
