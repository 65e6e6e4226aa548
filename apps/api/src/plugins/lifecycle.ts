import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@sprout/contracts';
import type { DatabaseHandle } from '@sprout/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How a shutdown ended: every accepted request answered, or some cut short at the deadline. */
export type ShutdownOutcome = { drained: true } | { drained: false; unfinished: number };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Drains, then closes the app (docs/decisions/034): the servers call it on SIGTERM. Resolves
     * once the jobs are stopped and the database closed; a second call gets the first's outcome.
     */
    shutDown(options?: { drainDelayMs?: number }): Promise<ShutdownOutcome>;
  }
}

type Options = {
  database: DatabaseHandle;
  /** How long the server goes on accepting after the signal while /healthz answers 503. */
  drainDelayMs: number;
  /** From the signal to the end: requests still running then are answered 503. */
  timeoutMs: number;
};

const retryAfter = String(UNAVAILABLE_RETRY_AFTER_SECONDS);

/**
 * A request that came over the network. The storefront's in-process API calls (inject) are parts
 * of a page request that is itself tracked, and have no connection to close.
 */
const overTheNetwork = (request: FastifyRequest) => request.raw.socket instanceof Socket;

/**
 * The health check and the graceful shutdown, which share one piece of state: once a shutdown
 * starts, /healthz answers 503 so that a load balancer stops sending requests here.
 *
 * The order of a shutdown matters, and is not Fastify's own `close()`: that marks the app closing
 * at once, so every request routed afterwards gets a bare 503 and every in-process API call of a
 * page already being rendered fails ("Fastify has already been closed"), and it closes the
 * listening socket at once, resetting connections the kernel had accepted but the process had
 * not yet read. Here the app first drains (answers everything it accepted, `Connection: close`
 * so clients open their next connection elsewhere), and only then closes: jobs, mail, the
 * catalogue's listener and the database last.
 */
export default fp<Options>(
  async function lifecyclePlugin(app: FastifyInstance, options) {
    const { database } = options;
    let draining = false;
    let shutdown: Promise<ShutdownOutcome> | undefined;
    const inFlight = new Set<FastifyReply>();

    app.addHook('onRequest', async (request, reply) => {
      if (!overTheNetwork(request)) return;
      inFlight.add(reply);
      reply.raw.once('close', () => inFlight.delete(reply));
    });
    app.addHook('onResponse', async (_request, reply) => {
      inFlight.delete(reply);
    });
    // While draining, every answer closes its connection: a keep-alive client's next request
    // opens a new connection, which the load balancer sends to another replica.
    app.addHook('onSend', async (request, reply) => {
      if (draining && overTheNetwork(request)) reply.header('connection', 'close');
    });

    app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
      if (draining) {
        return reply.status(503).header('retry-after', retryAfter).send({ status: 'draining' });
      }
      try {
        // Its own connection, bounded by HEALTH_CHECK_TIMEOUT_MS: a full pool cannot starve it.
        const latency = await database.ping();
        return {
          status: 'ok',
          database: database.kind,
          latency_ms: Math.round(latency),
          ...(database.poolStats() ? { pool: database.poolStats() } : {}),
        };
      } catch (error) {
        app.log.error({ err: error }, 'health check failed: the database did not answer');
        return reply.status(503).header('retry-after', retryAfter).send({ status: 'unavailable' });
      }
    });

    /** Answers every request still running with a 503, so its client knows to send it again. */
    function answerUnfinished(): number {
      let answered = 0;
      for (const reply of inFlight) {
        if (reply.sent || reply.raw.headersSent) continue;
        answered += 1;
        const page = reply.request.routeOptions.config.storefrontPage === true;
        reply
          .status(503)
          .header('retry-after', retryAfter)
          .header('connection', 'close')
          .type(page ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8')
          .send(page ? UNAVAILABLE_MESSAGE : JSON.stringify({ message: UNAVAILABLE_MESSAGE }));
      }
      return answered;
    }

    async function drainAndClose(drainDelayMs: number): Promise<ShutdownOutcome> {
      draining = true;
      const deadline = Date.now() + options.timeoutMs;
      const untilDeadline = () => Math.max(0, deadline - Date.now());
      app.log.info({ drainDelayMs, timeoutMs: options.timeoutMs }, 'shutting down: draining');

      // 1. Still accepting: the load balancer sees /healthz fail and stops sending; connections
      //    the kernel already accepted (a request on its way) are read and answered.
      await sleep(Math.min(drainDelayMs, untilDeadline()));

      // 2. Stop accepting. Idle connections close now, busy ones once their answer is written;
      //    the callback comes when none is left (at once when the app never listened).
      const allAnswered = new Promise<boolean>((resolve) => app.server.close(() => resolve(true)));
      const timer = new AbortController();
      const drained = await Promise.race([
        allAnswered,
        sleep(untilDeadline(), false, { signal: timer.signal }).catch(() => false),
      ]);
      timer.abort();

      let outcome: ShutdownOutcome = { drained: true };
      if (!drained) {
        // 3. The deadline: what still runs is told to retry, then every connection is cut.
        const unfinished = answerUnfinished();
        outcome = { drained: false, unfinished };
        app.log.warn({ unfinished }, 'shutdown deadline: requests still running were answered 503');
        await sleep(100);
        app.server.closeAllConnections();
      }

      // 4. Nothing is served any more: stop the jobs and the mail worker (a pass in flight is
      //    awaited), the catalogue's listener, and close the database last (onClose hooks).
      await app.close();
      return outcome;
    }

    app.decorate('shutDown', (shutDownOptions: { drainDelayMs?: number } = {}) => {
      shutdown ??= drainAndClose(shutDownOptions.drainDelayMs ?? options.drainDelayMs);
      return shutdown;
    });
  },
  { name: 'lifecycle', dependencies: ['database'] },
);
