// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { startErrorReporting } from './reporter';

// The error-reporting service's SDK cannot be loaded (offline, blocked by the browser).
vi.mock('@sentry/react', () => {
  throw new Error('blocked');
});

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

/** An unhandled error is reported; if reporting fails to start, a stand-in only logs. */
describe('error reporting', () => {
  it('only logs when the service fails to start, early errors included', async () => {
    const reporter = startErrorReporting({
      sentryDsn: 'https://key@errors.example.com/1',
      errorReportsMaxEvents: 10,
    });
    reporter.capture(new Error('before the start failed'));
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Error reporting could not start; errors are only logged.',
        expect.anything(),
      ),
    );
    reporter.capture(new Error('after'));
    expect(warn).toHaveBeenCalledWith('[error report]', 'before the start failed');
    expect(warn).toHaveBeenCalledWith('[error report]', 'after');
  });

  it('without a configured service, only logs, at most maxEvents times a session', () => {
    const reporter = startErrorReporting({ sentryDsn: null, errorReportsMaxEvents: 2 });
    for (const message of ['one', 'two', 'three']) reporter.capture(new Error(message));
    expect(warn.mock.calls).toEqual([
      ['[error report]', 'one'],
      ['[error report]', 'two'],
    ]);
  });
});
