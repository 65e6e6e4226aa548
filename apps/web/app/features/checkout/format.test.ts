import { describe, expect, it } from 'vitest';
import {
  formatCutoff,
  formatDeliveryDate,
  formatShortDate,
  frequencyLabel,
  frequencyPhrase,
  isFrequency,
  parseIsoDate,
  payButtonLabel,
} from './format';

describe('delivery dates', () => {
  it('reads a calendar date with its ISO weekday, whatever the time zone of the machine', () => {
    expect(parseIsoDate('2026-12-03')).toEqual({ year: 2026, month: 12, day: 3, weekday: 4 });
    expect(parseIsoDate('2026-11-29').weekday).toBe(7);
    expect(parseIsoDate('2028-02-29').day).toBe(29);
  });

  it('refuses what is not a date', () => {
    expect(() => parseIsoDate('2026-02-30')).toThrow(RangeError);
    expect(() => parseIsoDate('12/03/2026')).toThrow(RangeError);
  });

  it('says the date like a person would', () => {
    expect(formatDeliveryDate('2026-12-03')).toBe('Thursday, December 3');
    expect(formatDeliveryDate('2027-01-01')).toBe('Friday, January 1');
    expect(formatShortDate('2026-12-03')).toEqual({ weekday: 'Thu', date: 'Dec 3' });
  });

  it('gives the order cutoff in the store time zone', () => {
    // 04:59 UTC on December 1 is 11:59 PM on November 30 in New York.
    expect(formatCutoff('2026-12-01T04:59:00Z', 'America/New_York')).toBe(
      'Order by Monday, November 30, 11:59 PM',
    );
    expect(formatCutoff('2026-12-01T12:00:00Z', 'UTC')).toBe('Order by Tuesday, December 1, 12:00 PM');
    expect(formatCutoff('not a date', 'UTC')).toBeNull();
    // An unknown zone falls back to UTC rather than breaking the page.
    expect(formatCutoff('2026-12-01T12:00:00Z', 'Mars/Olympus')).toBe(
      'Order by Tuesday, December 1, 12:00 PM',
    );
  });
});

describe('frequency', () => {
  it('names every 1, 2 and 4 weeks', () => {
    expect([1, 2, 4].map(frequencyLabel)).toEqual(['Every week', 'Every 2 weeks', 'Every 4 weeks']);
    expect(frequencyPhrase(2)).toBe('every 2 weeks');
    expect([1, 2, 3, 4].map(isFrequency)).toEqual([true, true, false, true]);
  });
});

describe('the Pay button', () => {
  it('shows the amount due with cents, or a plain start when nothing is due', () => {
    expect(payButtonLabel(42.5)).toBe('Pay $42.50 and subscribe');
    expect(payButtonLabel(1234)).toBe('Pay $1,234.00 and subscribe');
    expect(payButtonLabel(0)).toBe('Start my subscription');
  });
});
