import { parseReferralSettings, REFERRAL_SETTINGS_GROUP } from '@sprout/contracts';
import type { RefereeDiscount, ReferralOffer } from './banner';

type SettingGroup = { group: string; values: Record<string, unknown> };

/** The referral settings' group as parsed by the contracts' one schema (absent when not loaded). */
function referralGroup(groups: SettingGroup[]) {
  const values = groups.find((group) => group.group === REFERRAL_SETTINGS_GROUP)?.values;
  return values === undefined ? null : { values, settings: parseReferralSettings(values) };
}

/** The referee's discount from app setting group referral_system_discounts. */
export function refereeDiscountOf(groups: SettingGroup[]): RefereeDiscount | null {
  const discount = referralGroup(groups)?.settings.referee_discount;
  if (!discount || discount.type === null || discount.amount <= 0) return null;
  return {
    type: discount.type,
    amount: discount.amount,
    weeklyOrdinalNumber: discount.weekly_ordinal_number,
  };
}

/**
 * False when the settings say a referred friend gets nothing ($0: a live store before its owner sets
 * an offer, decision 036). Unknown settings (not loaded) are not a $0 offer.
 */
export function referralOffered(groups: SettingGroup[]): boolean {
  const discount = referralGroup(groups)?.values.referee_discount;
  // A discount stored without a readable amount is not taken for a $0 offer.
  if (typeof discount !== 'object' || discount === null) return true;
  return Number((discount as { amount?: unknown }).amount) !== 0;
}

/**
 * What the banner may promise a referred friend, read on the server so the settings' zod schema
 * never reaches the browser (it weighed 26 KB on every page, decision 051).
 */
export function referralOfferOf(groups: SettingGroup[]): ReferralOffer {
  return { discount: refereeDiscountOf(groups), offered: referralOffered(groups) };
}
