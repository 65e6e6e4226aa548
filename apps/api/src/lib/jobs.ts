/**
 * The one way background work runs (docs/decisions/016): a loop per job that catches,
 * logs, backs off and goes on, so no job can take the process down; and one clock the jobs read,
 * which tests and `npm run jobs -- --as-of=<ISO>` can set.
 */

/**
 * The instant a job treats as "now". The system clock answers null: the database's own `now()`,
 * so replicas on hosts with skewed clocks agree on what is due.
 */
export interface Clock {
  now(): Date | null;
}

export const databaseClock: Clock = { now: () => null };

export function fixedClock(at: Date): Clock {
  return { now: () => at };
}

export type Job<Result = unknown> = {
  name: string;
  /** Pause between passes when all is well. */
  intervalMs: number;
  /** One pass: does everything due at `asOf` (null: the database's now) and answers a summary. */
  run(asOf: Date | null): Promise<Result>;
};

type Log = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** Longest pause after repeated failures: retries never stop, they only slow down. */
export const MAX_BACKOFF_MS = 60_000;

/** Pause before the next pass: the interval when all is well, doubling with each failure in a row. */
export function nextDelayMs(
  intervalMs: number,
  failuresInARow: number,
  maxBackoffMs = MAX_BACKOFF_MS,
): number {
  if (failuresInARow === 0) return intervalMs;
  const backoff = intervalMs * 2 ** Math.min(failuresInARow, 20);
  return Math.max(intervalMs, Math.min(backoff, maxBackoffMs));
}

export class JobLoop<Result = unknown> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<Result> | undefined;
  private stopped = true;
  private failuresInARow = 0;

  constructor(
    readonly job: Job<Result>,
    private readonly log: Log,
    private readonly clock: Clock = databaseClock,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.job.intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs a pass soon (coalesced with one already running); a failure is logged, never thrown. */
  kick(): void {
    if (this.stopped) return;
    void this.pass();
  }

  /** One pass now, coalesced with a running one; rejects when it fails (tests and the jobs command). */
  runOnce(asOf: Date | null = this.clock.now()): Promise<Result> {
    if (this.running) return this.running;
    this.running = this.job.run(asOf).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  get consecutiveFailures(): number {
    return this.failuresInARow;
  }

  private async pass(): Promise<void> {
    try {
      await this.runOnce();
      this.failuresInARow = 0;
    } catch (error) {
      this.failuresInARow += 1;
      this.log.error(
        { err: error, job: this.job.name, failuresInARow: this.failuresInARow },
        `job ${this.job.name} failed; it will run again`,
      );
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      await this.pass();
      this.schedule(nextDelayMs(this.job.intervalMs, this.failuresInARow));
    }, delayMs);
    this.timer.unref();
  }
}

/** Every job of the process: started and stopped together, or run once each for a given instant. */
export class JobRunner {
  private readonly loops: JobLoop[] = [];

  constructor(
    private readonly log: Log,
    readonly clock: Clock = databaseClock,
  ) {}

  add<Result>(job: Job<Result>): JobLoop<Result> {
    const loop = new JobLoop(job, this.log, this.clock);
    this.loops.push(loop as JobLoop);
    return loop;
  }

  /** Adopts a loop built elsewhere (a worker that also needs kick()). */
  adopt<Result>(loop: JobLoop<Result>): void {
    this.loops.push(loop as JobLoop);
  }

  get names(): string[] {
    return this.loops.map((loop) => loop.job.name);
  }

  start(): void {
    for (const loop of this.loops) loop.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
  }

  /** Runs every job once at `asOf`, one after the other; one failing job does not stop the others. */
  async runAllOnce(asOf: Date | null = this.clock.now(), only?: readonly string[]): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (const loop of this.loops) {
      if (only && !only.includes(loop.job.name)) continue;
      try {
        outcomes.push({ name: loop.job.name, ok: true, result: await loop.runOnce(asOf) });
      } catch (error) {
        this.log.error({ err: error, job: loop.job.name }, `job ${loop.job.name} failed`);
        outcomes.push({ name: loop.job.name, ok: false, error: String(error) });
      }
    }
    return outcomes;
  }
}

export type JobOutcome =
  | { name: string; ok: true; result: unknown }
  | { name: string; ok: false; error: string };
