/** Demo promotions, referral owner and app settings (listed in the README). */

type TierSeed = {
  type: 'products_off' | 'percent_off' | 'dollars_off';
  amount: number;
  weeklyOrdinalNumber: number;
  freeShipping?: boolean;
  freeTax?: boolean;
};

export type PromoCodeSeed = {
  code: string;
  description: string;
  descriptionCheckout: string;
  cartAmountMinimumCents?: number;
  cartAmountMaximumCents?: number;
  aggregateDollarsOffCents?: number;
  startsAt?: string;
  endsAt?: string;
  maxUses?: number;
  oncePerEmail?: boolean;
  newCustomersOnly?: boolean;
  tiers: TierSeed[];
};

export const promoCodes: PromoCodeSeed[] = [
  {
    code: 'WELCOME50',
    description: 'Welcome! 50% off your first box and free shipping.',
    descriptionCheckout: '50% off your first box',
    newCustomersOnly: true,
    tiers: [{ type: 'percent_off', amount: 50, weeklyOrdinalNumber: 1, freeShipping: true }],
  },
  {
    code: 'FIVEFREE',
    description: 'Your first box comes with 5 items on us.',
    descriptionCheckout: '5 free items in your first box',
    tiers: [{ type: 'products_off', amount: 5, weeklyOrdinalNumber: 1 }],
  },
  {
    code: 'SAVE20',
    description: '$20 off each of your first 3 boxes ($60 in all).',
    descriptionCheckout: '$20 off this box',
    cartAmountMinimumCents: 4000,
    aggregateDollarsOffCents: 6000,
    tiers: [
      { type: 'dollars_off', amount: 20, weeklyOrdinalNumber: 1 },
      { type: 'dollars_off', amount: 20, weeklyOrdinalNumber: 2 },
      { type: 'dollars_off', amount: 20, weeklyOrdinalNumber: 3 },
    ],
  },
  {
    code: 'EXPIRED10',
    description: '10% off (this offer has ended).',
    descriptionCheckout: '10% off',
    startsAt: '2025-01-01T00:00:00Z',
    endsAt: '2025-12-31T23:59:59Z',
    tiers: [{ type: 'percent_off', amount: 10, weeklyOrdinalNumber: 1 }],
  },
];

export const partnerships = [
  {
    code: 'LITTLEHELPERS',
    description: 'Little Helpers family benefit: we bill your employer for up to $50 of every box.',
    maxOrderValueCents: 5000,
  },
];

export const demoCustomer = {
  email: 'demo@example.com',
  firstName: 'Jamie',
  lastName: 'Rivera',
  referralCode: 'DEMOREF',
  referralRedemptionLimit: 10,
};

export const appSettingGroups = [
  {
    group: 'referral_system_discounts',
    values: {
      /** What a referred friend gets on their first box. */
      referee_discount: { type: 'dollars_off', amount: 25, weekly_ordinal_number: 1 },
      /** Account credit the referrer earns when the friend's first order completes. */
      referrer_credit: { amount: 25 },
    },
  },
  {
    /**
     * The one offer a cancellation gets, by its reason (decision 023): money for "too expensive", a
     * smaller box for "too much food", a pause for a move. No offer for the rest: they just cancel.
     */
    group: 'retention_offers',
    values: {
      too_expensive: { kind: 'percent_off_next_box', percent: 50 },
      too_much_food: { kind: 'smaller_plan' },
      kids_did_not_like: { kind: 'percent_off_next_box', percent: 30 },
      moving: { kind: 'pause', weeks: 4 },
    },
  },
  {
    group: 'support',
    values: { email: 'hello@sproutandspoon.example', phone: '(555) 010-2030', hours: 'Mon–Fri 8am–6pm ET' },
  },
];
