import type { MarketingSettings } from '../../lib/context';
import { createReportLimiter } from './resilience';

/**
 * Error reports (decision 026): Sentry when SENTRY_DSN is configured, its SDK fetched only then
 * (never part of the /menus budget); otherwise, or when the SDK fails to start, a reporter that
 * only logs. Either way at most `maxEvents` reports per session.
 */
export type ErrorReporter = { capture(error: unknown): void };

type SentryLike = {
  init(options: Record<string, unknown>): unknown;
  captureException(error: unknown): unknown;
};

function loggingReporter(): ErrorReporter['capture'] {
  return (error) => console.warn('[error report]', error instanceof Error ? error.message : String(error));
}

export function startErrorReporting(
  settings: Pick<MarketingSettings, 'sentryDsn' | 'errorReportsMaxEvents'>,
) {
  const limiter = createReportLimiter(settings.errorReportsMaxEvents);
  let send = loggingReporter();
  const early: unknown[] = [];
  let ready = !settings.sentryDsn;
  if (settings.sentryDsn) {
    const dsn = settings.sentryDsn;
    import('@sentry/react')
      .then((sentry: SentryLike) => {
        // Our own handlers report (and count) errors: Sentry's global ones would double them.
        // The release is the build's manifest version: the build uploaded its source maps under it.
        const release = window.__reactRouterManifest?.version;
        sentry.init({ dsn, release, defaultIntegrations: false, sendDefaultPii: false });
        send = (error) => void sentry.captureException(error);
      })
      .catch((error: unknown) => {
        console.warn('Error reporting could not start; errors are only logged.', error);
      })
      .finally(() => {
        ready = true;
        for (const error of early.splice(0)) send(error);
      });
  }
  const reporter: ErrorReporter = {
    capture(error) {
      if (!limiter.take()) return;
      if (ready) send(error);
      else early.push(error);
    },
  };
  return reporter;
}
