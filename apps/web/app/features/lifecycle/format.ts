/** Made once: making an Intl.DateTimeFormat costs more than formatting with it. */
const CALENDAR_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});

/** A calendar day (YYYY-MM-DD) → 'Monday, December 7': the day itself, in no time zone. */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, date));
  if (Number.isNaN(instant.getTime())) return day;
  return CALENDAR_DAY.format(instant);
}

/** A list of days in words: 'Tuesday, November 24 and Tuesday, December 8'. */
export function formatCalendarDays(days: readonly string[]): string {
  const words = days.map(formatCalendarDay);
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
