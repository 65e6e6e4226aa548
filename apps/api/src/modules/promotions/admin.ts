import {
  type AdminPartnershipBody,
  type AdminPartnershipUpdateBody,
  type AdminPromoCode,
  type AdminPromoCodeBody,
  type AdminPromoCodeUpdateBody,
  type AdminPromoTier,
  type AdminReferralSettingsBody,
  centsToDollars,
  dollarsToCents,
  parseReferralSettings,
  REFERRAL_SETTINGS_GROUP,
} from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { promoCodeStatus } from '../../domain/promo-eligibility';
import { AppError } from '../../errors/app-error';
import { recordAdminAction } from '../../platform/audit/service';
import * as repository from './repository';

// Promo codes as the admin manages them (decision 027): tiers (what each box of a subscription gets),
// limits and windows; usage and revenue per code come from the orders (checkout's service).

type Found = NonNullable<Awaited<ReturnType<typeof repository.findPromoCodeById>>>;

function toAdminPromoCode({ code, tiers }: Found, redemptions: number, now = new Date()): AdminPromoCode {
  return {
    id: code.id,
    code: code.code,
    description: code.description,
    description_checkout: code.descriptionCheckout,
    cart_amount_minimum:
      code.cartAmountMinimumCents === null ? null : centsToDollars(code.cartAmountMinimumCents),
    cart_amount_maximum:
      code.cartAmountMaximumCents === null ? null : centsToDollars(code.cartAmountMaximumCents),
    starts_at: code.startsAt?.toISOString() ?? null,
    ends_at: code.endsAt?.toISOString() ?? null,
    max_uses: code.maxUses,
    uses_count: code.usesCount,
    redemptions,
    once_per_email: code.oncePerEmail,
    new_customers_only: code.newCustomersOnly,
    is_active: code.isActive,
    status: promoCodeStatus(code, now),
    show_banner: code.showBanner,
    tiers: tiers.map((tier) => ({
      weekly_ordinal_number: tier.weeklyOrdinalNumber,
      type: tier.type,
      amount: tier.amount,
      free_shipping: tier.freeShipping,
      free_tax: tier.freeTax,
    })),
  };
}

export async function listAdminPromoCodes(db: Database): Promise<AdminPromoCode[]> {
  const rows = await repository.listPromoCodesWithTiers(db);
  return rows.map((row) => toAdminPromoCode(row, row.redemptions));
}

export async function adminPromoCode(db: Database, id: number): Promise<AdminPromoCode> {
  const found = await repository.findPromoCodeById(db, id);
  if (!found) throw AppError.notFound('There is no such promo code.');
  const listed = (await repository.listPromoCodesWithTiers(db)).find((row) => row.code.id === id);
  return toAdminPromoCode(found, listed?.redemptions ?? 0);
}

const toTierRows = (tiers: AdminPromoTier[]) =>
  tiers.map((tier) => ({
    weeklyOrdinalNumber: tier.weekly_ordinal_number,
    type: tier.type,
    amount: tier.amount,
    freeShipping: tier.free_shipping,
    freeTax: tier.free_tax,
  }));

/** The banner's "$N off" across the tiers that take dollars off. */
const aggregateDollarsOffCents = (tiers: AdminPromoTier[]) =>
  tiers
    .filter((tier) => tier.type === 'dollars_off')
    .reduce((sum, tier) => sum + dollarsToCents(tier.amount), 0);

function columnsOf(body: AdminPromoCodeUpdateBody) {
  const at = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null ? null : new Date(value);
  const cents = (value: number | null | undefined) =>
    value === undefined ? undefined : value === null ? null : dollarsToCents(value);
  const columns = {
    code: body.code,
    description: body.description,
    descriptionCheckout: body.description_checkout,
    cartAmountMinimumCents: cents(body.cart_amount_minimum),
    cartAmountMaximumCents: cents(body.cart_amount_maximum),
    startsAt: at(body.starts_at),
    endsAt: at(body.ends_at),
    maxUses: body.max_uses,
    oncePerEmail: body.once_per_email,
    newCustomersOnly: body.new_customers_only,
    isActive: body.is_active,
    showBanner: body.show_banner,
    aggregateDollarsOffCents: body.tiers ? aggregateDollarsOffCents(body.tiers) : undefined,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

const duplicate = (code: string) => AppError.invalidField('code', `There is a promo code ${code} already.`);

export async function createPromoCode(db: Database, actorUserId: number, body: AdminPromoCodeBody) {
  const id = await db.transaction(async (tx) => {
    const row = await repository.insertPromoCode(tx, {
      code: body.code,
      description: body.description,
      descriptionCheckout: body.description_checkout ?? body.description,
      ...columnsOf(body),
    });
    if (!row) throw duplicate(body.code);
    await repository.replaceTiers(tx, row.id, toTierRows(body.tiers));
    const created = (await repository.findPromoCodeById(tx, row.id))!;
    await recordAdminAction(tx, {
      actorUserId,
      action: 'promo_code.create',
      entity: 'promo_code',
      entityId: row.id,
      before: null,
      after: toAdminPromoCode(created, 0),
    });
    return row.id;
  });
  return adminPromoCode(db, id);
}

/** Edits a code; `is_active: false` disables it (a code that was used is never deleted). */
export async function updatePromoCode(
  db: Database,
  actorUserId: number,
  id: number,
  body: AdminPromoCodeUpdateBody,
) {
  await db.transaction(async (tx) => {
    const before = await repository.findPromoCodeById(tx, id);
    if (!before) throw AppError.notFound('There is no such promo code.');
    const changes = columnsOf(body);
    const startsAt = 'startsAt' in changes ? (changes.startsAt as Date | null) : before.code.startsAt;
    const endsAt = 'endsAt' in changes ? (changes.endsAt as Date | null) : before.code.endsAt;
    if (startsAt && endsAt && startsAt >= endsAt)
      throw AppError.invalidField('ends_at', 'The end must be after the start');
    if (body.max_uses != null && body.max_uses < before.code.usesCount) {
      throw AppError.invalidField(
        'max_uses',
        `It was used ${before.code.usesCount} times already: the limit cannot be lower.`,
      );
    }
    try {
      await tx.transaction(async (savepoint) => {
        await repository.updatePromoCode(savepoint, id, changes);
      });
    } catch {
      throw duplicate(body.code ?? before.code.code);
    }
    if (body.tiers) await repository.replaceTiers(tx, id, toTierRows(body.tiers));
    const after = (await repository.findPromoCodeById(tx, id))!;
    await recordAdminAction(tx, {
      actorUserId,
      action: body.is_active === false && before.code.isActive ? 'promo_code.disable' : 'promo_code.update',
      entity: 'promo_code',
      entityId: id,
      before: toAdminPromoCode(before, 0),
      after: toAdminPromoCode(after, 0),
    });
  });
  return adminPromoCode(db, id);
}

/** A customer's credit lines, and what is spendable now. */
export async function customerCredits(db: Database, userId: number, now: Date) {
  const [lines, available] = await Promise.all([
    repository.listCredits(db, userId),
    repository.availableCreditCents(db, userId, now),
  ]);
  return {
    available: centsToDollars(available),
    lines: lines.map((line) => ({
      id: line.id,
      amount: centsToDollars(line.amountCents),
      reason: line.reason,
      available_at: line.availableAt?.toISOString() ?? null,
      created_at: line.createdAt.toISOString(),
    })),
  };
}

// ─── Referral settings and partnerships ──────────────────────────────────────────────────────

export async function referralSettings(db: Database) {
  const values = parseReferralSettings(await repository.findAppSettingGroup(db, REFERRAL_SETTINGS_GROUP));
  return {
    referee_discount: {
      type:
        values.referee_discount.type === 'percent_off' ? ('percent_off' as const) : ('dollars_off' as const),
      amount: values.referee_discount.amount,
    },
    referrer_credit: values.referrer_credit.amount,
  };
}

/** Changes what a referred friend gets and what the referrer earns; other keys of the group stay. */
export async function updateReferralSettings(
  db: Database,
  actorUserId: number,
  body: AdminReferralSettingsBody,
) {
  await db.transaction(async (tx) => {
    const stored = await repository.findAppSettingGroup(tx, REFERRAL_SETTINGS_GROUP);
    const before = stored ?? {};
    const parsed = parseReferralSettings(stored);
    const after = {
      ...before,
      referee_discount: {
        ...parsed.referee_discount,
        type: body.referee_discount.type,
        amount: body.referee_discount.amount,
      },
      referrer_credit: { ...parsed.referrer_credit, amount: body.referrer_credit },
    };
    await repository.updateAppSettingGroup(tx, REFERRAL_SETTINGS_GROUP, after);
    await recordAdminAction(tx, {
      actorUserId,
      action: 'referral_settings.update',
      entity: 'app_setting_group',
      entityId: REFERRAL_SETTINGS_GROUP,
      before,
      after,
    });
  });
  return referralSettings(db);
}

type PartnershipRow = NonNullable<Awaited<ReturnType<typeof repository.findPartnershipById>>>;

const toPartnership = (row: PartnershipRow) => ({
  id: row.id,
  code: row.code,
  description: row.description,
  max_order_value: centsToDollars(row.maxOrderValueCents),
  is_active: row.isActive,
});

export async function listPartnerships(db: Database) {
  return (await repository.listPartnerships(db)).map(toPartnership);
}

export async function createPartnership(db: Database, actorUserId: number, body: AdminPartnershipBody) {
  return db.transaction(async (tx) => {
    const row = await repository.insertPartnership(tx, {
      code: body.code,
      description: body.description,
      maxOrderValueCents: dollarsToCents(body.max_order_value),
      isActive: body.is_active,
    });
    if (!row) throw AppError.invalidField('code', `There is a partnership ${body.code} already.`);
    await recordAdminAction(tx, {
      actorUserId,
      action: 'partnership.create',
      entity: 'partnership',
      entityId: row.id,
      before: null,
      after: toPartnership(row),
    });
    return toPartnership(row);
  });
}

export async function updatePartnership(
  db: Database,
  actorUserId: number,
  id: number,
  body: AdminPartnershipUpdateBody,
) {
  return db.transaction(async (tx) => {
    const before = await repository.findPartnershipById(tx, id);
    if (!before) throw AppError.notFound('There is no such partnership.');
    try {
      await tx.transaction(async (savepoint) => {
        await repository.updatePartnership(savepoint, id, {
          ...(body.code === undefined ? {} : { code: body.code }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.max_order_value === undefined
            ? {}
            : { maxOrderValueCents: dollarsToCents(body.max_order_value) }),
          ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
        });
      });
    } catch {
      throw AppError.invalidField('code', `There is a partnership ${body.code} already.`);
    }
    const after = (await repository.findPartnershipById(tx, id))!;
    await recordAdminAction(tx, {
      actorUserId,
      action: 'partnership.update',
      entity: 'partnership',
      entityId: id,
      before: toPartnership(before),
      after: toPartnership(after),
    });
    return toPartnership(after);
  });
}
