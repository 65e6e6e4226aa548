/**
 * Server error reports (docs/decisions/026): Sentry when SENTRY_DSN is configured (the SDK is imported only
 * then), otherwise nothing beyond the log line the error handler already writes. A reporter that
 * fails to start leaves the server running with the logs alone: reporting errors must never
 * become an outage of its own.
 */
export type ServerErrorReporter = { capture(error: unknown): void; kind: 'sentry' | 'log' };

type Log = { warn(details: object, message: string): void; info(details: object, message: string): void };

export async function startServerErrorReporting(
  dsn: string | undefined,
  log: Log,
): Promise<ServerErrorReporter> {
  if (!dsn) return { kind: 'log', capture: () => {} };
  try {
    const sentry = await import('@sentry/node');
    sentry.init({ dsn });
    log.info({}, 'error reporting: Sentry');
    return { kind: 'sentry', capture: (error) => void sentry.captureException(error) };
  } catch (error) {
    log.warn({ err: error }, 'error reporting: Sentry did not start; errors are only logged');
    return { kind: 'log', capture: () => {} };
  }
}
