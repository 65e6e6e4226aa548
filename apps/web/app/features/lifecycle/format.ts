// One date formatter for every screen and email that names a day (decision 053): the contracts' own.
export { formatCalendarDay, formatCalendarDays } from '@sprout/contracts';
