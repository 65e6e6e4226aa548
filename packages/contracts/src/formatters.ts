// Dates in words, for every email and screen that names a day or an instant: written once, so the
// API's emails, the server render and the browser agree to the character (docs/decisions/053).
import { calendarDay } from './calendar';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ISO weekday (1 = Monday … 7 = Sunday) → its name ('' for anything else). */
export function weekdayName(isoWeekday: number): string {
  return WEEKDAY_NAMES[isoWeekday - 1] ?? '';
}

/**
 * A calendar day 'YYYY-MM-DD' as its year, month (1–12), day and ISO weekday (1 = Monday), whatever
 * the time zone of the machine. Throws on anything that is not a real day, so a caller passing an
 * instant or an already formatted string is found by its test, not by a customer.
 */
export function parseCalendarDay(day: string): { year: number; month: number; day: number; weekday: number } {
  const match = CALENDAR_DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const instant = new Date(Date.UTC(year, month - 1, date));
  if (instant.getUTCMonth() !== month - 1 || instant.getUTCDate() !== date)
    throw new RangeError(`Not a calendar day: ${day}`);
  return { year, month, day: date, weekday: ((instant.getUTCDay() + 6) % 7) + 1 };
}

/**
 * A calendar day (YYYY-MM-DD) in words for people: 'Tuesday, December 15' (with `year`:
 * 'Tuesday, December 15, 2026'). Built from the day's parts, so no time zone or ICU data can
 * shift it.
 */
export function formatCalendarDay(day: string, options: { year?: boolean } = {}): string {
  const { year, month, day: date, weekday } = parseCalendarDay(day);
  const words = `${weekdayName(weekday)}, ${MONTH_NAMES[month - 1]} ${date}`;
  return options.year ? `${words}, ${year}` : words;
}

/** Days in words, joined as a sentence says them: 'Tuesday, November 24 and Tuesday, December 8'. */
export function formatCalendarDays(days: readonly string[]): string {
  const words = days.map((day) => formatCalendarDay(day));
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A calendar day, compact for the date cards: '2026-12-03' → { weekday: 'Thu', date: 'Dec 3' }. */
export function formatShortCalendarDay(day: string): { weekday: string; date: string } {
  const { month, day: date, weekday } = parseCalendarDay(day);
  return {
    weekday: weekdayName(weekday).slice(0, 3),
    date: `${(MONTH_NAMES[month - 1] ?? '').slice(0, 3)} ${date}`,
  };
}

/** The day an instant falls on in a time zone, in words: 'Thursday, December 3'. */
export function formatZonedDay(instant: Date, timeZone: string): string {
  return formatCalendarDay(calendarDay(instant, timeZone));
}

/** The day an instant falls on in a time zone, without its weekday: 'November 3, 2026'. */
export function formatZonedDate(instant: Date, timeZone: string): string {
  const { year, month, day } = parseCalendarDay(calendarDay(instant, timeZone));
  return `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
}

// One per time zone, made once: an Intl.DateTimeFormat costs more to make than to use.
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The time of day an instant shows on a time zone's clock: '12:00 PM', '9:05 AM'. */
export function formatZonedTime(instant: Date, timeZone: string): string {
  const parts = clockFormatter(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** An instant on a time zone's clock, in words: 'Friday, November 27, 12:00 PM'. */
export function formatZonedInstant(instant: Date, timeZone: string): string {
  return `${formatZonedDay(instant, timeZone)}, ${formatZonedTime(instant, timeZone)}`;
}
