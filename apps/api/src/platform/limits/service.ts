import type { Database } from '@sprout/db';
import { AppError } from '../../errors/app-error';
import type { Job } from '../../lib/jobs';
import { untilNotBusy, wakeOne } from '../../lib/wake-ups';
import * as repository from './repository';

/**
 * The one rate-limit service (sign-in failures, codes, reset mails, card declines, email checks).
 * A limit is checked and counted BEFORE the work, atomically: the request takes a slot, does the
 * work, and gives the slot back when the work turned out not to count (a right password). Counts
 * live in the database, so every replica shares them.
 */
export type Limit = {
  kind: repository.LimitedEvent;
  max: number;
  windowMinutes: number;
  /** What the person is told (429): what happened and when to try again. */
  message: string;
};

export type Slot = { id: number };

/** Declines of one card (the provider's fingerprint, never the number) an hour, across addresses. */
export const DECLINES_PER_CARD_PER_HOUR = 5;

/**
 * One card declined again and again, whatever carts, purchases and addresses it comes through, is
 * a card tester's. Checkout and gift card purchases share this limit, keyed `card:{fingerprint}`.
 */
export const DECLINES_OF_CARD: Limit = {
  kind: 'payment_declined',
  max: DECLINES_PER_CARD_PER_HOUR,
  windowMinutes: 60,
  message:
    'This card was declined too many times in the last hour, so we did not try it again. Please use another card, or try again in an hour.',
};

/** The subject of a card's decline limit. */
export const cardSubject = (fingerprint: string) => `card:${fingerprint}`;

/**
 * How long an attempt may be in flight (the provider being asked) before its slot counts as an
 * event anyway: longer than any provider call (Stripe's client: 20 s, retried twice), so only an
 * attempt whose process died counts: an ask without an answer may have been a decline.
 */
export const IN_FLIGHT_MINUTES = 5;

/**
 * How long an attempt waits for others in flight to settle before it is told to try again (409).
 * Attempts of one card hold its slots only while the provider answers, so a queue of them moves
 * fast (50 checkouts with one card, five asked at a time: about 2 s on PostgreSQL, 4 s on PGlite);
 * the last of a long queue waits for all before it, hence the margin.
 */
export const IN_FLIGHT_WAIT_MS = 20_000;

/** A slot taken for an attempt in flight: kept when its outcome counts, given back otherwise. */
export type InFlightSlot = { id: number; subject: string };

/**
 * Takes a slot of `limit` (which counts outcomes, such as a card's declines) for an attempt about to
 * learn its outcome. Only outcomes refuse (the limit's 429): attempts in flight fill the window too,
 * so parallel attempts cannot all slip past the limit, but an attempt that finds the window full of
 * attempts in flight waits for one to settle (woken by it in this process), for `waitMs` at most,
 * then answers `busyMessage` (409: nothing was refused, try again).
 */
export async function reserveInFlight(
  db: Database,
  limit: Limit,
  subject: string,
  options: { busyMessage: string; waitMs?: number },
): Promise<InFlightSlot> {
  return untilNotBusy<InFlightSlot>(
    async () => {
      const taken = await repository.takeInFlightSlot(
        db,
        limit.kind,
        subject,
        limit.max,
        limit.windowMinutes,
        IN_FLIGHT_MINUTES,
      );
      if (taken.outcome === 'taken') return { id: taken.id, subject };
      if (taken.outcome === 'full') throw new AppError('rate_limited', limit.message);
      return { busyOn: slotsOf(subject) };
    },
    {
      waitMs: options.waitMs ?? IN_FLIGHT_WAIT_MS,
      onTimeout: () => new AppError('conflict', options.busyMessage),
    },
  );
}

/** The wake-up key of a subject's in-flight slots. */
export const slotsOf = (subject: string) => `limit-slots:${subject}`;

/** The attempt's outcome counts (a decline): its slot becomes an event of the limit. */
export async function keep(db: Database, slot: InFlightSlot): Promise<void> {
  await repository.keepSlot(db, slot.id);
  slotSettled(slot.subject);
}

/** The attempt's outcome does not count: its slot is given back. */
export async function giveBack(db: Database, slot: InFlightSlot): Promise<void> {
  await repository.deleteSlot(db, slot.id);
  slotSettled(slot.subject);
}

/**
 * A slot of `subject` was kept or given back (here, or by another module's statement that settles
 * it, such as checkout's `settle_checkout_attempt`): the next attempt waiting in this process asks again.
 */
export function slotSettled(subject: string): void {
  wakeOne(slotsOf(subject));
}

/**
 * The subject of a per-client limit: the IPv4 address, or the /64 network of an IPv6 one (a
 * household or phone gets a whole /64 and may use any address in it: counting single addresses
 * would let one client spread its tries over 2^64 of them). Decision 016.
 */
export function clientSubject(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return `ip:${v4[1]}`;
  const groups = ipv6Groups(ip.split('%')[0] ?? ip);
  if (!groups) return `ip:${ip}`;
  const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `ip6:${network.join(':')}::/64`;
}

/** An IPv6 address's eight groups ("::" expanded), or null for anything else. */
function ipv6Groups(ip: string): string[] | null {
  const halves = ip.toLowerCase().split('::');
  if (halves.length > 2 || !/^[0-9a-f:.]+$/.test(ip.toLowerCase())) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  if (halves.length === 1) return head.length === 8 ? head : null;
  const tail = halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  return missing < 0 ? null : [...head, ...Array<string>(missing).fill('0'), ...tail];
}

/** Takes a slot of `limit` for `subject`, or refuses with the limit's 429. */
export async function reserve(db: Database, limit: Limit, subject: string): Promise<Slot> {
  const id = await repository.takeSlot(db, limit.kind, subject, limit.max, limit.windowMinutes);
  if (id === null) throw new AppError('rate_limited', limit.message);
  return { id };
}

/** Gives a slot back: the work it guarded does not count against the limit (a successful sign-in). */
export async function release(db: Database, slot: Slot): Promise<void> {
  await repository.deleteSlot(db, slot.id);
}

/** Read-only: is the window already full? (for limits consulted but counted elsewhere) */
export async function isExhausted(db: Database, limit: Limit, subject: string): Promise<boolean> {
  return (await repository.countRecent(db, limit.kind, subject, limit.windowMinutes)) >= limit.max;
}

/** Counts one event without a check (a decline from an address, recorded after the fact). */
export async function record(db: Database, kind: repository.LimitedEvent, subject: string): Promise<void> {
  await repository.insertEvent(db, kind, subject);
}

/** One request against a fixed-window counter (the per-client write limit's store). */
export function countHit(db: Database, key: string, windowMs: number) {
  return repository.countHit(db, key, windowMs);
}

/** The job that forgets finished windows, so counters of passing clients do not pile up. */
export function expiredCountersJob(db: Database): Job<number> {
  return {
    name: 'rate-limit-counters',
    intervalMs: 10 * 60_000,
    run: (asOf) => repository.deleteExpiredCounters(db, asOf),
  };
}
