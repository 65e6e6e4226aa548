import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Busy, POLL_MS, untilNotBusy, waitersOn, wakeAll, wakeOne } from './wake-ups';

/** Lets every promise callback that is ready run (fake timers do not advance). */
const settle = async () => {
  for (let round = 0; round < 10; round += 1) await Promise.resolve();
};

/** An attempt answering `busyOn` until `free()` is called, counting its tries. */
function attemptOn(key: string) {
  let busy = true;
  const attempt = {
    tries: 0,
    free: () => {
      busy = false;
    },
    run: async (): Promise<string | Busy> => {
      attempt.tries += 1;
      return busy ? { busyOn: key } : 'done';
    },
  };
  return attempt;
}

describe('untilNotBusy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers at once when the first try is not busy', async () => {
    await expect(
      untilNotBusy(async () => 'done', { waitMs: 1000, onTimeout: () => new Error('timed out') }),
    ).resolves.toBe('done');
  });

  it('tries again as soon as it is woken, without waiting for the pause', async () => {
    const attempt = attemptOn('k1');
    const result = untilNotBusy(attempt.run, { waitMs: 10_000, onTimeout: () => new Error('timed out') });
    await settle();
    expect(attempt.tries).toBe(1);
    expect(waitersOn('k1')).toBe(1);
    attempt.free();
    wakeOne('k1');
    await settle();
    await expect(result).resolves.toBe('done');
    expect(attempt.tries).toBe(2);
    expect(waitersOn('k1')).toBe(0);
  });

  it('asks again after a pause when nobody wakes it (another replica freed the room)', async () => {
    const attempt = attemptOn('k2');
    const result = untilNotBusy(attempt.run, { waitMs: 10_000, onTimeout: () => new Error('timed out') });
    await settle();
    attempt.free();
    await vi.advanceTimersByTimeAsync(POLL_MS * 1.5);
    await expect(result).resolves.toBe('done');
    expect(attempt.tries).toBe(2);
  });

  it('gives up with the caller’s error once the wait is over', async () => {
    const attempt = attemptOn('k3');
    const result = untilNotBusy(attempt.run, { waitMs: 1000, onTimeout: () => new Error('try again') });
    const failed = expect(result).rejects.toThrow('try again');
    await vi.advanceTimersByTimeAsync(1000 + POLL_MS * 1.5);
    await failed;
    expect(waitersOn('k3')).toBe(0);
  });

  it('wakes one waiter per wake-up, and a waiter that does not need it passes it on', async () => {
    const first = attemptOn('k4');
    const second = attemptOn('k4');
    const options = { waitMs: 10_000, onTimeout: () => new Error('timed out') };
    const firstResult = untilNotBusy(first.run, options);
    await settle();
    const secondResult = untilNotBusy(second.run, options);
    await settle();
    expect(waitersOn('k4')).toBe(2);
    // The first is woken and is no longer busy (it took the room, or learnt it must stop): the
    // wake-up goes on to the second, which finds room too.
    first.free();
    second.free();
    wakeOne('k4');
    await settle();
    await expect(firstResult).resolves.toBe('done');
    await expect(secondResult).resolves.toBe('done');
    expect([first.tries, second.tries]).toEqual([2, 2]);
  });

  it('a waiter woken and still busy on the same key waits again, and nobody else is woken', async () => {
    const first = attemptOn('k5');
    const second = attemptOn('k5');
    const options = { waitMs: 10_000, onTimeout: () => new Error('timed out') };
    void untilNotBusy(first.run, options);
    await settle();
    void untilNotBusy(second.run, options);
    await settle();
    wakeOne('k5');
    await settle();
    expect([first.tries, second.tries]).toEqual([2, 1]);
    expect(waitersOn('k5')).toBe(2);
    first.free();
    second.free();
    wakeAll('k5');
    await settle();
    expect(waitersOn('k5')).toBe(0);
  });
});
