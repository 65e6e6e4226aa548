import { type AbandonedCart, centsToDollars, referrerAsShown } from '@sprout/contracts';
import { costsToWire } from '../../domain/costs';
import { toProduct } from '../../domain/product-wire';
import { toPromoCode } from '../../domain/promo-code-wire';
import type { PricedCart } from './service';

/** The priced cart as the storefront reads it: dollars, snake_case, nothing secret (no password hash). */
export function toAbandonedCart(priced: PricedCart): AbandonedCart {
  const { details, pricing, costs, promoReason, itemCount } = priced;
  const { cart, plan, zip } = details;
  const items = priced.boxLines.map(({ line, cost }) => ({
    ...toProduct(line, pricing, ['badge', 'category']),
    quantity: line.quantity,
    total_cost: centsToDollars(cost.unitPriceCents * line.quantity),
    total_cost_before_discount: centsToDollars(cost.regularUnitPriceCents * line.quantity),
  }));

  return {
    id: cart.id,
    email: cart.email,
    profile_id: cart.profileId,
    plan_id: cart.planId,
    plan: plan
      ? { id: plan.id, slug: plan.slug, name: plan.name, tag: plan.tag, threshold: plan.threshold }
      : null,
    filters: cart.filters,
    first_name: cart.firstName,
    last_name: cart.lastName,
    address_line_1: cart.addressLine1,
    address_line_2: cart.addressLine2,
    city: cart.city,
    phone: cart.phone,
    state_id: cart.stateId,
    zip_code_id: cart.zipCodeId,
    zip_code: zip?.code ?? null,
    is_zip_code_delivered: zip ? zip.isDelivered : null,
    delivery_instructions: cart.deliveryInstructions,
    receives_sms_updates: cart.receivesSmsUpdates,
    has_password: cart.passwordHash !== null,
    price_variance_group_id: cart.priceVarianceGroupId,
    partnership: details.partnership
      ? {
          code: details.partnership.code,
          description: details.partnership.description,
          max_order_value: centsToDollars(details.partnership.maxOrderValueCents),
        }
      : null,
    referral_code: details.referral?.code ?? null,
    referral_code_status: cart.referralCodeStatus,
    // A first name and an initial, never the referrer's full name: a code shared in public names no one.
    referrer: details.referrer ? referrerAsShown(details.referrer) : null,
    referee:
      cart.referralCodeStatus === 'applied'
        ? { first_name: cart.firstName, last_name: cart.lastName, email: cart.email }
        : null,
    on_referral_redemption_limit: cart.onReferralRedemptionLimit,
    is_ready_to_checkout: priced.readyToCheckout,
    is_ready_to_complete_checkout: priced.readyToCompleteCheckout,
    cart: {
      id: cart.id,
      items,
      upsell_items: priced.upsellLines.map(({ line, cost }) => ({
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        price: centsToDollars(cost.unitPriceCents),
        total_cost: centsToDollars(cost.unitPriceCents * line.quantity),
      })),
      item_count: itemCount,
      threshold: plan?.threshold ?? null,
      discount_description: priced.promoApplies ? (details.promo?.descriptionCheckout ?? null) : null,
      promo_code: details.promo ? toPromoCode(details.promo, details.tiers, promoReason) : null,
      costs: costsToWire(costs),
    },
  };
}
