// One date formatter for every screen and email that names a day (issue 29): the contracts' own.
export { formatCalendarDay, formatCalendarDays } from '@sprout/contracts';
