import { describe, expect, it } from 'vitest';
import { referrerAsShown, referrerName } from './constants';

// What a referred friend sees of the customer who referred them: never the full name (privacy).
describe('the referrer as a referee sees them', () => {
  it('is the first name and the initial of the last name', () => {
    expect(referrerAsShown({ firstName: 'Jamie', lastName: 'Rivera' })).toEqual({
      first_name: 'Jamie',
      last_name: 'R.',
    });
    expect(referrerName(referrerAsShown({ firstName: 'Jamie', lastName: 'Rivera' }))).toBe('Jamie R.');
  });

  it('keeps a letter whole and upper-cased, whatever the script', () => {
    expect(referrerAsShown({ firstName: 'Zoë', lastName: 'élan' }).last_name).toBe('É.');
    expect(referrerAsShown({ firstName: 'Ana', lastName: '𝒵eta' }).last_name).toBe('𝒵.');
    expect(referrerAsShown({ firstName: 'Noor', lastName: '  van Dijk ' }).last_name).toBe('V.');
  });

  it('says what it knows and no more', () => {
    expect(referrerAsShown({ firstName: 'Jamie', lastName: null })).toEqual({
      first_name: 'Jamie',
      last_name: null,
    });
    expect(referrerAsShown({ firstName: ' ', lastName: '' })).toEqual({ first_name: null, last_name: null });
    expect(referrerName({ first_name: 'Jamie', last_name: null })).toBe('Jamie');
    // An initial alone names nobody: "A friend" is said instead.
    expect(referrerName({ first_name: null, last_name: 'R.' })).toBeNull();
    expect(referrerName(null)).toBeNull();
  });
});
