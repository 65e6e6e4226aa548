import { addDays, calendarDay, DELIVERY_TIME_ZONE, isoWeekday, orderCutoff } from '@sprout/contracts';

/**
 * Which first delivery dates a customer may choose at checkout. Pure: the caller gives
 * the clock and the zip code's delivery weekdays. Dates are calendar days in the kitchen's time
 * zone; a date is offered while its order cutoff (noon, four days before, when the kitchen plans
 * its cooking) is still ahead.
 */

// The kitchen's calendar (its time zone, the cutoff rule and the date maths) is in the contracts,
// shared with the demo seed; the API's modules keep importing it from here.
export {
  addDays,
  calendarDay,
  DELIVERY_TIME_ZONE,
  isoWeekday,
  ORDER_CUTOFF_DAYS_BEFORE,
  ORDER_CUTOFF_HOUR,
  orderCutoff,
  zonedInstant,
} from '@sprout/contracts';

export const DELIVERY_DATE_CHOICES = 6;
/** How far ahead dates are looked for: eight weeks give six choices even to a zip delivered once a week. */
const HORIZON_DAYS = 56;

export type DeliveryDate = { date: string; weekday: number; orderCutoffAt: Date };

/** The next dates this zip code is delivered whose orders are still open, soonest first. */
export function deliveryDateChoices(input: {
  now: Date;
  weekdays: readonly number[];
  count?: number;
  timeZone?: string;
}): DeliveryDate[] {
  const timeZone = input.timeZone ?? DELIVERY_TIME_ZONE;
  const count = input.count ?? DELIVERY_DATE_CHOICES;
  const weekdays = new Set(input.weekdays);
  const today = calendarDay(input.now, timeZone);
  const choices: DeliveryDate[] = [];
  for (let offset = 1; offset <= HORIZON_DAYS && choices.length < count; offset++) {
    const date = addDays(today, offset);
    const weekday = isoWeekday(date);
    if (!weekdays.has(weekday)) continue;
    const orderCutoffAt = orderCutoff(date, timeZone);
    if (orderCutoffAt.getTime() > input.now.getTime()) choices.push({ date, weekday, orderCutoffAt });
  }
  return choices;
}

/** Whether a first delivery date is one of the choices right now (checkout re-checks it). */
export function isDeliveryDateChoice(
  date: string,
  input: { now: Date; weekdays: readonly number[]; timeZone?: string },
): boolean {
  return deliveryDateChoices(input).some((choice) => choice.date === date);
}
