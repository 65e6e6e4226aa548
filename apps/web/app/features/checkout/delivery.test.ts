import type { DeliveryDatesResponse, ZipCode } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import {
  keepOrFirstDate,
  NO_DATES_MESSAGE,
  notDeliveredMessage,
  offeredFrequencies,
  toDeliveryOptions,
  UNKNOWN_ZIP_MESSAGE,
} from './delivery';

const newYork: ZipCode = {
  id: 1,
  code: '10001',
  city: 'New York',
  is_delivered: true,
  delivery_weekdays: [2, 4],
  state: { id: 33, code: 'NY', name: 'New York' },
};
const anchorage: ZipCode = {
  ...newYork,
  code: '99501',
  city: 'Anchorage',
  is_delivered: false,
  state: { id: 2, code: 'AK', name: 'Alaska' },
};

const dates: DeliveryDatesResponse = {
  data: [
    { date: '2026-12-01', weekday: 2, order_cutoff_at: '2026-11-27T17:00:00Z' },
    { date: '2026-12-03', weekday: 4, order_cutoff_at: '2026-11-29T17:00:00Z' },
  ],
  meta: { frequencies_weeks: [1, 2, 4], time_zone: 'America/New_York' },
};

const ok = <T>(data: T) => ({ kind: 'ok' as const, data });
const failed = (kind: 'not-found' | 'validation' | 'server', message: string, fieldErrors = {}) => ({
  kind: 'error' as const,
  error: { kind, message, fieldErrors },
});

describe('delivery options for a zip code', () => {
  it('lists the open dates with the store time zone and frequencies', () => {
    const options = toDeliveryOptions('10001', ok(newYork), ok(dates));
    expect(options).toMatchObject({
      status: 'ready',
      zipCode: '10001',
      place: { city: 'New York', stateCode: 'NY' },
      timeZone: 'America/New_York',
      frequencies: [1, 2, 4],
    });
    expect(options.status === 'ready' && options.dates.map((option) => option.date)).toEqual([
      '2026-12-01',
      '2026-12-03',
    ]);
  });

  it('says so for an unknown zip, one not delivered, and one without dates', () => {
    expect(
      toDeliveryOptions('00000', failed('not-found', 'Not found'), failed('not-found', 'Not found')),
    ).toMatchObject({
      status: 'error',
      message: UNKNOWN_ZIP_MESSAGE,
      place: null,
    });
    expect(
      toDeliveryOptions(
        '99501',
        ok(anchorage),
        failed('validation', 'We do not deliver there', { code: ['x'] }),
      ),
    ).toMatchObject({ status: 'error', message: "Sorry, we don't deliver to Anchorage, AK yet." });
    expect(toDeliveryOptions('10001', ok(newYork), ok({ ...dates, data: [] }))).toMatchObject({
      status: 'error',
      message: NO_DATES_MESSAGE,
    });
    expect(notDeliveredMessage(anchorage)).toBe("Sorry, we don't deliver to Anchorage, AK yet.");
  });

  it("shows the dates call's own field message when only it refuses", () => {
    const options = toDeliveryOptions(
      '10001',
      ok(newYork),
      failed('validation', 'Validation error occurred', { code: ['We do not deliver to 10001 yet.'] }),
    );
    expect(options).toMatchObject({ status: 'error', message: 'We do not deliver to 10001 yet.' });
  });

  it('offers every 1, 2 and 4 weeks unless the server lists fewer, never others', () => {
    expect(offeredFrequencies(undefined)).toEqual([1, 2, 4]);
    expect(offeredFrequencies([])).toEqual([1, 2, 4]);
    expect(offeredFrequencies([2, 4, 3, 2])).toEqual([2, 4]);
  });

  it('keeps the chosen date when it is still open, else the earliest', () => {
    const options = toDeliveryOptions('10001', ok(newYork), ok(dates));
    expect(keepOrFirstDate(options, '2026-12-03')).toBe('2026-12-03');
    expect(keepOrFirstDate(options, '2026-11-26')).toBe('2026-12-01');
    expect(keepOrFirstDate(options, null)).toBe('2026-12-01');
    expect(keepOrFirstDate(toDeliveryOptions('99501', ok(anchorage), ok(dates)), '2026-12-01')).toBeNull();
  });
});
