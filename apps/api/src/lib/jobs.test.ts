import { describe, expect, it } from 'vitest';
import { fixedClock, JobLoop, JobRunner, nextDelayMs } from './jobs';

function recordingLog() {
  const errors: string[] = [];
  return { errors, log: { error: (_: object, message: string) => errors.push(message), warn() {} } };
}

describe('job loop', () => {
  it('waits the interval when all is well and doubles the pause with each failure, up to the cap', () => {
    expect(nextDelayMs(1000, 0)).toBe(1000);
    expect(nextDelayMs(1000, 1)).toBe(2000);
    expect(nextDelayMs(1000, 3)).toBe(8000);
    expect(nextDelayMs(1000, 50)).toBe(60_000);
    expect(nextDelayMs(120_000, 2)).toBe(120_000);
  });

  it('a kicked pass that fails is logged, never an unhandled rejection, and the loop goes on', async () => {
    const { errors, log } = recordingLog();
    let calls = 0;
    const loop = new JobLoop(
      {
        name: 'flaky',
        intervalMs: 10,
        run: async () => {
          calls += 1;
          if (calls <= 2) throw new Error('Connection terminated unexpectedly');
          return calls;
        },
      },
      log,
    );
    loop.start();
    loop.kick();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await loop.stop();
    expect(errors.length).toBe(2);
    expect(errors[0]).toContain('job flaky failed');
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(loop.consecutiveFailures).toBe(0);
  });

  it('runs every job once at the clock’s instant; one failure does not stop the others', async () => {
    const { log } = recordingLog();
    const at = new Date('2026-12-01T09:00:00Z');
    const seen: (Date | null)[] = [];
    const runner = new JobRunner(log, fixedClock(at));
    runner.add({
      name: 'broken',
      intervalMs: 1000,
      run: async () => {
        throw new Error('boom');
      },
    });
    runner.add({ name: 'reminders', intervalMs: 1000, run: async (asOf) => seen.push(asOf) });
    const outcomes = await runner.runAllOnce();
    expect(outcomes.map((outcome) => [outcome.name, outcome.ok])).toEqual([
      ['broken', false],
      ['reminders', true],
    ]);
    expect(seen).toEqual([at]);
  });
});
