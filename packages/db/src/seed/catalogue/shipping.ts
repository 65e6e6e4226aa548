import type { StateSeed, ZipCodeSeed } from './types';

/** Combined state and typical local sales tax of the delivery area, in basis points (888 = 8.88%). */
export const states = [
  { code: 'NY', name: 'New York', taxRateBasisPoints: 888, taxesShipping: true },
  { code: 'NJ', name: 'New Jersey', taxRateBasisPoints: 663, taxesShipping: true },
  { code: 'PA', name: 'Pennsylvania', taxRateBasisPoints: 800, taxesShipping: true },
  { code: 'MA', name: 'Massachusetts', taxRateBasisPoints: 625, taxesShipping: false },
  { code: 'IL', name: 'Illinois', taxRateBasisPoints: 1025, taxesShipping: false },
  { code: 'CA', name: 'California', taxRateBasisPoints: 863, taxesShipping: false },
  { code: 'TX', name: 'Texas', taxRateBasisPoints: 825, taxesShipping: true },
  { code: 'FL', name: 'Florida', taxRateBasisPoints: 700, taxesShipping: false },
  { code: 'CO', name: 'Colorado', taxRateBasisPoints: 881, taxesShipping: false },
  { code: 'WA', name: 'Washington', taxRateBasisPoints: 1035, taxesShipping: true },
  { code: 'AK', name: 'Alaska', taxRateBasisPoints: 0, taxesShipping: false },
] as const satisfies readonly StateSeed[];

export type StateCode = (typeof states)[number]['code'];

/** Delivery areas. Weekdays are ISO (1 = Monday … 7 = Sunday); undelivered areas have none. */
export const zipCodes = [
  { code: '10001', state: 'NY', city: 'New York', isDelivered: true, deliveryWeekdays: [2, 4] },
  { code: '10025', state: 'NY', city: 'New York', isDelivered: true, deliveryWeekdays: [2, 4] },
  { code: '11201', state: 'NY', city: 'Brooklyn', isDelivered: true, deliveryWeekdays: [1, 3, 5] },
  { code: '14202', state: 'NY', city: 'Buffalo', isDelivered: true, deliveryWeekdays: [3] },
  { code: '07302', state: 'NJ', city: 'Jersey City', isDelivered: true, deliveryWeekdays: [2, 5] },
  { code: '19103', state: 'PA', city: 'Philadelphia', isDelivered: true, deliveryWeekdays: [1, 4] },
  { code: '02108', state: 'MA', city: 'Boston', isDelivered: true, deliveryWeekdays: [2, 4, 6] },
  { code: '02139', state: 'MA', city: 'Cambridge', isDelivered: true, deliveryWeekdays: [2, 4] },
  { code: '60601', state: 'IL', city: 'Chicago', isDelivered: true, deliveryWeekdays: [1, 3, 5] },
  { code: '60614', state: 'IL', city: 'Chicago', isDelivered: true, deliveryWeekdays: [1, 3, 5] },
  { code: '62701', state: 'IL', city: 'Springfield', isDelivered: true, deliveryWeekdays: [4] },
  { code: '94103', state: 'CA', city: 'San Francisco', isDelivered: true, deliveryWeekdays: [2, 4] },
  { code: '90012', state: 'CA', city: 'Los Angeles', isDelivered: true, deliveryWeekdays: [1, 3, 5] },
  { code: '92101', state: 'CA', city: 'San Diego', isDelivered: true, deliveryWeekdays: [2, 5] },
  { code: '95814', state: 'CA', city: 'Sacramento', isDelivered: true, deliveryWeekdays: [3] },
  { code: '78701', state: 'TX', city: 'Austin', isDelivered: true, deliveryWeekdays: [2, 4] },
  { code: '77002', state: 'TX', city: 'Houston', isDelivered: true, deliveryWeekdays: [1, 3, 5] },
  { code: '75201', state: 'TX', city: 'Dallas', isDelivered: true, deliveryWeekdays: [2, 4, 6] },
  { code: '33101', state: 'FL', city: 'Miami', isDelivered: true, deliveryWeekdays: [1, 4] },
  { code: '32801', state: 'FL', city: 'Orlando', isDelivered: true, deliveryWeekdays: [3, 6] },
  { code: '33602', state: 'FL', city: 'Tampa', isDelivered: true, deliveryWeekdays: [2, 5] },
  { code: '80202', state: 'CO', city: 'Denver', isDelivered: true, deliveryWeekdays: [3, 6] },
  { code: '99501', state: 'AK', city: 'Anchorage', isDelivered: false, deliveryWeekdays: [] },
  { code: '99701', state: 'AK', city: 'Fairbanks', isDelivered: false, deliveryWeekdays: [] },
  { code: '98101', state: 'WA', city: 'Seattle', isDelivered: false, deliveryWeekdays: [] },
] as const satisfies readonly ZipCodeSeed[];
