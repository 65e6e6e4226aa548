import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/delivery-dates';
import {
  cancellationEffect,
  chooseRetentionOffer,
  firstBoxAfterPause,
  pauseEffect,
  pauseResumeDate,
  transitionRefusal,
} from './lifecycle';

const plans = [
  { id: 1, name: 'Small', threshold: 12 },
  { id: 2, name: 'Family', threshold: 24 },
  { id: 3, name: 'Big', threshold: 36 },
];

describe('transitionRefusal', () => {
  it('allows each action only from the states it starts from', () => {
    expect(transitionRefusal('active', 'pause')).toBeNull();
    expect(transitionRefusal('paused', 'resume')).toBeNull();
    expect(transitionRefusal('active', 'cancel')).toBeNull();
    expect(transitionRefusal('paused', 'cancel')).toBeNull();
    expect(transitionRefusal('canceled', 'reactivate')).toBeNull();
    expect(transitionRefusal('paused', 'reactivate')).toBeNull();
    expect(transitionRefusal('paused', 'pause')).toMatch(/already paused/);
    expect(transitionRefusal('canceled', 'cancel')).toMatch(/already canceled/);
    expect(transitionRefusal('active', 'reactivate')).toMatch(/already active/);
    expect(transitionRefusal('active', 'resume')).toMatch(/not paused/);
  });
});

describe('pauseResumeDate', () => {
  it('counts weeks from today', () => {
    expect(pauseResumeDate({ weeks: 2 }, '2026-11-23')).toEqual({ resumeOn: '2026-12-07' });
  });

  it('refuses a date that is not ahead or is beyond eight weeks', () => {
    expect(pauseResumeDate({ until: '2026-11-23' }, '2026-11-23')).toHaveProperty('problem');
    expect(pauseResumeDate({ until: '2027-01-19' }, '2026-11-23')).toHaveProperty('problem');
    expect(pauseResumeDate({ until: '2027-01-18' }, '2026-11-23')).toEqual({ resumeOn: '2027-01-18' });
  });

  it('always resumes after today and within eight weeks', () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2026-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 8 }), (today, weeks) => {
        const result = pauseResumeDate({ weeks }, today);
        expect('resumeOn' in result && result.resumeOn > today).toBe(true);
        expect('resumeOn' in result && result.resumeOn <= addDays(today, 56)).toBe(true);
      }),
    );
  });
});

describe('pauseEffect and cancellationEffect', () => {
  const boxes = [
    { date: '2026-11-24', status: 'locked' },
    { date: '2026-12-01', status: 'scheduled' },
    { date: '2026-12-08', status: 'skipped' },
    { date: '2026-12-15', status: 'scheduled' },
  ];

  it('skips the scheduled boxes before the resume date and keeps the locked ones shipping', () => {
    expect(pauseEffect(boxes, '2026-12-15')).toEqual({
      skip: ['2026-12-01'],
      stillShipping: ['2026-11-24'],
    });
  });

  it('cancels every unlocked box and lets the locked one ship', () => {
    expect(cancellationEffect(boxes)).toEqual({
      cancel: ['2026-12-01', '2026-12-08', '2026-12-15'],
      stillShipping: ['2026-11-24'],
    });
  });
});

describe('chooseRetentionOffer', () => {
  const settings = {
    too_expensive: { kind: 'percent_off_next_box', percent: 50 },
    too_much_food: { kind: 'smaller_plan' },
    moving: { kind: 'pause', weeks: 4 },
  } as const;

  it('offers what the reason is set to', () => {
    expect(chooseRetentionOffer('too_expensive', settings, plans, 24)).toMatchObject({
      kind: 'percent_off_next_box',
      percent_off: 50,
    });
    expect(chooseRetentionOffer('too_much_food', settings, plans, 24)?.plan).toEqual(plans[0]);
    expect(chooseRetentionOffer('moving', settings, plans, 24)?.pause_weeks).toBe(4);
  });

  it('offers nothing where nothing fits', () => {
    expect(chooseRetentionOffer('other', settings, plans, 24)).toBeNull();
    expect(chooseRetentionOffer('too_much_food', settings, plans, 12)).toBeNull();
    expect(
      chooseRetentionOffer(
        'too_expensive',
        { too_expensive: { kind: 'percent_off_next_box', percent: 0 } },
        plans,
        24,
      ),
    ).toBeNull();
  });
});

describe('firstBoxAfterPause', () => {
  const weeklyOnTuesdays = { frequencyWeeks: 1, weekday: 2 };
  const boxes = ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'].map((date) => ({
    date,
    status: date < '2026-12-14' ? 'skipped' : 'scheduled',
  }));

  it('is the first delivery day on or after the resume day, not the resume day itself', () => {
    // Three weeks from Monday 2026-11-23 is Monday 2026-12-14; the boxes come on Tuesdays.
    expect(firstBoxAfterPause(boxes, '2026-12-14', weeklyOnTuesdays)).toBe('2026-12-15');
  });

  it('passes over a box the customer skipped, and goes on along the schedule past the last row', () => {
    const skippedToo = boxes.map((box) => (box.date === '2026-12-15' ? { ...box, status: 'skipped' } : box));
    expect(firstBoxAfterPause(skippedToo, '2026-12-14', weeklyOnTuesdays)).toBe('2026-12-22');
    expect(firstBoxAfterPause(boxes, '2027-01-18', weeklyOnTuesdays)).toBe('2027-01-19');
    expect(firstBoxAfterPause([], '2027-01-18', { frequencyWeeks: 2, weekday: 2 })).toBe('2027-01-19');
  });
});
