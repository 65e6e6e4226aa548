/**
 * Requests that wait for another request's outcome (decision 012): an attempt whose card has other
 * attempts in flight, a purchase whose key another request is paying. The outcome is in the
 * database, so a waiter could just ask again and again; a wake-up from the request that settles in
 * this process lets it ask once, at the right moment. Another replica's settling wakes nobody here,
 * so every wait is also capped by a short pause (`POLL_MS`), after which the waiter asks anyway.
 */

/** The longest a waiter sleeps between two questions when nobody wakes it (room freed elsewhere). */
export const POLL_MS = 200;

const waiting = new Map<string, Set<() => void>>();

/**
 * Waits for a wake-up on `key` or `timeoutMs` (capped at about POLL_MS, with jitter so waiters
 * polling from several replicas spread out), whichever comes first. True when woken.
 */
export function waitForWakeUp(key: string, timeoutMs: number): Promise<boolean> {
  const pause = Math.max(0, Math.min(timeoutMs, POLL_MS * (0.5 + Math.random())));
  return new Promise((resolve) => {
    let queue = waiting.get(key);
    if (!queue) {
      queue = new Set();
      waiting.set(key, queue);
    }
    const wake = (woken: boolean) => {
      clearTimeout(timer);
      queue.delete(onWake);
      if (queue.size === 0 && waiting.get(key) === queue) waiting.delete(key);
      resolve(woken);
    };
    const onWake = () => wake(true);
    const timer = setTimeout(() => wake(false), pause);
    queue.add(onWake);
  });
}

/**
 * Wakes the longest waiter on `key`: one slot freed lets one waiter in, so the others are not all
 * sent to ask for it. A waiter that then does not use it passes the wake-up on (`untilNotBusy`).
 */
export function wakeOne(key: string): void {
  const queue = waiting.get(key);
  const first = queue?.values().next().value;
  first?.();
}

/** Wakes every waiter on `key` (an outcome every one of them replays). */
export function wakeAll(key: string): void {
  for (const wake of [...(waiting.get(key) ?? [])]) wake();
}

/** How many requests wait on `key` in this process (for tests and logs). */
export function waitersOn(key: string): number {
  return waiting.get(key)?.size ?? 0;
}

/** What a try answers when it has to wait: the key whose wake-up may end the wait. */
export type Busy = { busyOn: string };

export const isBusy = (value: unknown): value is Busy =>
  typeof value === 'object' && value !== null && 'busyOn' in value;

/**
 * Tries until `attempt` is not busy, waiting between tries for a wake-up on what it was busy on,
 * for `waitMs` in all; then throws `onTimeout()`. A wake-up it was given and did not need (it ended
 * busy on something else, or not busy at all: it may have taken the room, or learnt it must stop) is
 * passed on, so a freed slot is never left unused while others wait.
 */
export async function untilNotBusy<T>(
  attempt: () => Promise<T | Busy>,
  options: { waitMs: number; onTimeout: () => Error },
): Promise<T> {
  const deadline = Date.now() + options.waitMs;
  let wokenOn: string | null = null;
  for (;;) {
    let outcome: T | Busy;
    try {
      outcome = await attempt();
    } catch (error) {
      if (wokenOn) wakeOne(wokenOn);
      throw error;
    }
    const busyOn = isBusy(outcome) ? outcome.busyOn : null;
    if (wokenOn && busyOn !== wokenOn) wakeOne(wokenOn);
    if (busyOn === null) return outcome as T;
    const left = deadline - Date.now();
    if (left <= 0) throw options.onTimeout();
    wokenOn = (await waitForWakeUp(busyOn, left)) ? busyOn : null;
  }
}
