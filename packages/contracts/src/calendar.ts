// The kitchen's calendar: calendar days (YYYY-MM-DD), instants on the kitchen's clock and the
// order cutoff. Shared by the API (delivery dates, renewals) and the demo seed, which must agree.

export const DELIVERY_TIME_ZONE = 'America/New_York';
export const ORDER_CUTOFF_DAYS_BEFORE = 4;
export const ORDER_CUTOFF_HOUR = 12;
const DAY_MS = 86_400_000;

/**
 * One formatter per kind and time zone, made once: making an Intl.DateTimeFormat loads ICU data
 * and cost more than the rest of a checkout's date checks together (dozens per request).
 */
function cachedFormatter(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = make(timeZone);
    cache.set(timeZone, formatter);
  }
  return formatter;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return cachedFormatter(
    dayFormatters,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(instant);
}

export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Minutes the zone's clock is ahead of UTC at an instant (negative west of Greenwich). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const formatter = cachedFormatter(
    wallClockFormatters,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
  );
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * zonedInstant's answers by day, hour and zone: a pure function of them, asked for the same few
 * delivery days by every checkout and listing (each answer is two Intl.formatToParts, about 2% of a
 * checkout's CPU under load). Bounded: emptied when it grows past a few years of days.
 */
const zonedInstants = new Map<string, number>();
const ZONED_INSTANTS_KEPT = 2_000;

/** The instant a zone's wall clock shows `hour`:00 on `day`. */
export function zonedInstant(day: string, hour: number, timeZone: string): Date {
  const key = `${day} ${hour} ${timeZone}`;
  let instant = zonedInstants.get(key);
  if (instant === undefined) {
    instant = computeZonedInstant(day, hour, timeZone);
    if (zonedInstants.size >= ZONED_INSTANTS_KEPT) zonedInstants.clear();
    zonedInstants.set(key, instant);
  }
  // A new Date each time: callers may keep or change theirs.
  return new Date(instant);
}

function computeZonedInstant(day: string, hour: number, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, hour);
  // Two passes settle the offset even when the guess sits across a daylight-saving change.
  let instant = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return instant;
}

export function orderCutoff(deliveryDay: string, timeZone = DELIVERY_TIME_ZONE): Date {
  return zonedInstant(addDays(deliveryDay, -ORDER_CUTOFF_DAYS_BEFORE), ORDER_CUTOFF_HOUR, timeZone);
}
