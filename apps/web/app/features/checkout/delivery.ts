import {
  DELIVERY_FREQUENCIES_WEEKS,
  type DeliveryDateOption,
  type DeliveryDatesResponse,
  type ZipCode,
} from '@sprout/contracts';
import type { ApiFailure, ApiResult } from '../../lib/api';

/** Where the box goes and when it can first arrive, for one zip code (design "Delivery"). */
export type DeliveryOptions =
  | {
      status: 'ready';
      zipCode: string;
      place: { city: string; stateCode: string } | null;
      dates: DeliveryDateOption[];
      timeZone: string;
      frequencies: number[];
    }
  | { status: 'error'; zipCode: string; place: { city: string; stateCode: string } | null; message: string };

export const UNKNOWN_ZIP_MESSAGE = "We couldn't find this zip code.";
export const NO_DATES_MESSAGE = 'No delivery dates are open for this zip code right now.';

export function notDeliveredMessage(zip: Pick<ZipCode, 'city' | 'state'>): string {
  return `Sorry, we don't deliver to ${zip.city}, ${zip.state.code} yet.`;
}

/** The frequencies the store offers, in the order it lists them; every 1, 2 and 4 weeks by default. */
export function offeredFrequencies(fromServer: number[] | undefined): number[] {
  const allowed = new Set<number>(DELIVERY_FREQUENCIES_WEEKS);
  const offered = (fromServer ?? []).filter((weeks) => allowed.has(weeks));
  return offered.length > 0 ? [...new Set(offered)] : [...DELIVERY_FREQUENCIES_WEEKS];
}

/**
 * The answers of the zip lookup and the delivery-dates call, as one state. An unknown zip (404),
 * one we do not deliver to (is_delivered false, or the dates call's 422) and an empty list each say
 * so in words.
 */
export function toDeliveryOptions(
  zipCode: string,
  zip: { kind: 'ok'; data: ZipCode } | { kind: 'error'; error: Pick<ApiFailure, 'kind' | 'message'> },
  dates:
    | { kind: 'ok'; data: DeliveryDatesResponse }
    | { kind: 'error'; error: Pick<ApiFailure, 'kind' | 'message' | 'fieldErrors'> },
): DeliveryOptions {
  const place = zip.kind === 'ok' ? { city: zip.data.city, stateCode: zip.data.state.code } : null;
  if (zip.kind === 'error') {
    const message = zip.error.kind === 'not-found' ? UNKNOWN_ZIP_MESSAGE : zip.error.message;
    return { status: 'error', zipCode, place, message };
  }
  if (!zip.data.is_delivered)
    return { status: 'error', zipCode, place, message: notDeliveredMessage(zip.data) };
  if (dates.kind === 'error') {
    const fieldMessage = Object.values(dates.error.fieldErrors)[0]?.[0];
    const message =
      dates.error.kind === 'not-found' ? UNKNOWN_ZIP_MESSAGE : (fieldMessage ?? dates.error.message);
    return { status: 'error', zipCode, place, message };
  }
  if (dates.data.data.length === 0) return { status: 'error', zipCode, place, message: NO_DATES_MESSAGE };
  return {
    status: 'ready',
    zipCode,
    place,
    dates: dates.data.data,
    timeZone: dates.data.meta.time_zone,
    frequencies: offeredFrequencies(dates.data.meta.frequencies_weeks),
  };
}

/** The browser's version: both calls, then one state (an aborted call is 'aborted'). */
export async function fetchDeliveryOptions(
  zipCode: string,
  api: {
    zipCode(code: string): Promise<ApiResult<{ data: ZipCode }>>;
    deliveryDates(code: string): Promise<ApiResult<DeliveryDatesResponse>>;
  },
): Promise<DeliveryOptions | 'aborted'> {
  const [zip, dates] = await Promise.all([api.zipCode(zipCode), api.deliveryDates(zipCode)]);
  if (zip.kind === 'aborted' || dates.kind === 'aborted') return 'aborted';
  return toDeliveryOptions(zipCode, zip.kind === 'ok' ? { kind: 'ok', data: zip.data.data } : zip, dates);
}

/** Keeps the chosen date when the new list still has it, else the first (earliest) date. */
export function keepOrFirstDate(options: DeliveryOptions, chosen: string | null): string | null {
  if (options.status !== 'ready') return null;
  if (chosen && options.dates.some((option) => option.date === chosen)) return chosen;
  return options.dates[0]?.date ?? null;
}
