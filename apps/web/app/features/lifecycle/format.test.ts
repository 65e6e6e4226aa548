import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatCalendarDays } from './format';

describe('calendar days in words', () => {
  it('writes the day itself whatever the time zone of the machine', () => {
    expect(formatCalendarDay('2026-12-07')).toBe('Monday, December 7');
    expect(formatCalendarDays(['2026-11-24', '2026-12-08'])).toBe(
      'Tuesday, November 24 and Tuesday, December 8',
    );
    expect(formatCalendarDays([])).toBe('');
  });
});
