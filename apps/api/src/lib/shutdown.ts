import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Past the shutdown timeout the app is given this much longer to stop its jobs and close the
 * database before the process exits anyway (a job pass or a connection that never ends).
 */
const CLOSE_MARGIN_MS = 5_000;

/**
 * On SIGTERM or SIGINT (or an uncaught error) the server drains and closes (app.shutDown,
 * docs/decisions/034), then exits 0; 1 when requests were still running at the deadline or the
 * close itself hung. After an uncaught error there is no drain delay: the process is suspect.
 */
export function closeOnSignal(app: FastifyInstance, config: Pick<Config, 'SHUTDOWN_TIMEOUT_MS'>): void {
  closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    const outcome = await app.shutDown(err ? { drainDelayMs: 0 } : {});
    if (!outcome.drained) {
      // close-with-grace prints it and exits 1: the orchestrator sees a shutdown that cut requests.
      throw new Error(`shutdown: ${outcome.unfinished} request(s) were still running at the deadline`);
    }
  });
}
