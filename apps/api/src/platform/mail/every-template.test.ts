import type { CartCosts } from '@sprout/contracts';
import { describe, expect, it } from 'vitest';
import routes from '../../../../web/app/routes';
import type { RenderedMail } from './templates';
import * as templates from './templates';

/**
 * Every email the store sends (decision 042), rendered, read as its reader reads it: days in words (no
 * stored YYYY-MM-DD), cost lines that add up to the total they name, and every link landing on a
 * page of the web app (not its home page). A template added without a fixture here fails the test.
 */

const SITE = 'https://shop.example';
const site = { siteName: 'Sprout & Spoon', siteUrl: SITE };
const account = `${SITE}/account`;

const costs = (over: Partial<CartCosts>): CartCosts => ({
  cart_items: 0,
  order_value_discount: 0,
  promo_code_cost: 0,
  gift_cards_amount_applied: 0,
  gift_cards_amount_available: 0,
  comped_amount_applied: 0,
  referral_credits_amount_applied: 0,
  shipping_cost: 0,
  shipping_cost_before_discount: 0,
  tax_cost: 0,
  tax_cost_before_discount: 0,
  credits_applied_amount: 0,
  total_cost: 0,
  ...over,
});
const lines = [
  { name: 'Mango Puree', quantity: 12, total: 59.88 },
  { name: 'Veggie Mac', quantity: 12, total: 71.88 },
];
// 131.76 − 13.18 + 9.99 + 8.07 − 20 = 116.64
const boxCosts = costs({
  cart_items: 131.76,
  promo_code_cost: 13.18,
  shipping_cost: 9.99,
  shipping_cost_before_discount: 9.99,
  tax_cost: 8.07,
  gift_cards_amount_applied: 20,
  total_cost: 116.64,
});
const lifecycle = { ...site, accountUrl: account, firstName: 'Jamie' };

const FIXTURES: Record<string, () => RenderedMail> = {
  verificationCodeMail: () => templates.verificationCodeMail({ ...site, code: '123456', minutes: 10 }),
  passwordResetMail: () =>
    templates.passwordResetMail({
      ...site,
      resetUrl: `${SITE}/onboarding/reset-password?token=x`,
      minutes: 60,
    }),
  orderConfirmationMail: () =>
    templates.orderConfirmationMail({
      ...site,
      firstName: 'Jamie',
      orderNumber: 'SS-100011',
      deliveryDate: '2026-12-15',
      frequencyWeeks: 2,
      lines,
      costs: boxCosts,
      discountDescription: '10% off your first box',
      orderUrl: `${account}/orders/11`,
      deliveriesUrl: `${account}/deliveries`,
    }),
  renewalReceiptMail: () =>
    templates.renewalReceiptMail({
      ...site,
      firstName: 'Jamie',
      orderNumber: 'SS-100012',
      deliveryDate: '2026-12-29',
      lines,
      costs: boxCosts,
      discountDescription: null,
      paidWith: 'Visa ending in 4242',
      orderUrl: `${account}/orders/12`,
      deliveriesUrl: `${account}/deliveries`,
    }),
  emailChangeCodeMail: () => templates.emailChangeCodeMail({ ...site, code: '042042', minutes: 30 }),
  emailChangedMail: () =>
    templates.emailChangedMail({ ...site, newEmail: 'new@example.com', contactUrl: `${SITE}/contact-us` }),
  passwordChangedMail: () =>
    templates.passwordChangedMail({ ...site, resetUrl: `${SITE}/onboarding/forgot-password` }),
  deliveryReminderMail: () =>
    templates.deliveryReminderMail({
      ...site,
      firstName: 'Jamie',
      deliveryDate: 'Tuesday, December 15',
      cutoff: 'Friday noon',
      itemCount: 24,
      payment: { giftCards: 0, card: 116.64, cardOnFile: true },
      accountUrl: `${account}/deliveries`,
    }),
  paymentAuthenticationMail: () =>
    templates.paymentAuthenticationMail({
      ...site,
      firstName: 'Jamie',
      deliveryDate: 'Tuesday, December 15',
      payment: { giftCards: 20, card: 96.64 },
      deadline: 'Monday, December 14',
      payUrl: `${account}/deliveries/2026-12-15/pay`,
    }),
  paymentFailedMail: () =>
    templates.paymentFailedMail({
      ...site,
      firstName: 'Jamie',
      deliveryDate: 'Tuesday, December 15',
      payment: { giftCards: 0, card: 116.64, cardOnFile: true },
      nextAttempt: 'Saturday, December 12',
      updateCardUrl: `${account}/payment-method`,
    }),
  subscriptionPausedMail: () =>
    templates.subscriptionPausedMail({
      ...site,
      firstName: 'Jamie',
      deliveryDate: 'Tuesday, December 15',
      updateCardUrl: `${account}/payment-method`,
      accountUrl: account,
    }),
  pauseConfirmedMail: () =>
    templates.pauseConfirmedMail({ ...lifecycle, firstBoxOn: '2026-12-15', stillShipping: ['2026-12-01'] }),
  resumeSoonMail: () => templates.resumeSoonMail({ ...lifecycle, firstBoxOn: '2026-12-15' }),
  offerAcceptedMail: () => templates.offerAcceptedMail({ ...lifecycle, offer: '50% off your next box' }),
  subscriptionCanceledMail: () =>
    templates.subscriptionCanceledMail({
      ...lifecycle,
      stillShipping: ['2026-12-01', '2026-12-15'],
      reactivateUrl: `${SITE}/reactivate`,
    }),
  subscriptionReactivatedMail: () =>
    templates.subscriptionReactivatedMail({
      ...lifecycle,
      planName: '24 items',
      firstDeliveryDate: '2026-12-15',
      frequencyWeeks: 2,
    }),
  giftCardReceiptMail: () =>
    templates.giftCardReceiptMail({
      ...site,
      recipientName: 'Ana',
      recipientEmail: 'ana@example.com',
      amount: '$100.00',
      deliveryDate: 'Tuesday, December 15, 2026',
      deliveredToday: false,
      bonus: '$20.00',
      cardBrand: 'Visa',
      cardLast4: '4242',
    }),
  giftCardMail: () =>
    templates.giftCardMail({
      ...site,
      accountGiftCardsUrl: `${account}/gift-cards`,
      recipientName: null,
      senderName: null,
      message: null,
      amount: '$20.00',
      code: 'ABCD-EFGH-JKLM',
      expiresOn: 'Tuesday, December 15, 2027',
    }),
  cartReminderMail: () =>
    templates.cartReminderMail({
      ...site,
      firstName: 'Jamie',
      sequence: 1,
      items: lines,
      costs: boxCosts,
      discountDescription: 'SPROUT10: 10% off',
      restoreUrl: `${SITE}/cart/restore?token=x`,
      unsubscribeUrl: `${SITE}/email/unsubscribe?token=y`,
      oneClickUnsubscribeUrl: `${SITE}/email/unsubscribe?token=y`,
    }),
  ratingRequestMail: () =>
    templates.ratingRequestMail({
      ...site,
      firstName: 'Jamie',
      childNames: ['Mia', 'Leo'],
      deliveryDate: 'Tuesday, December 1',
      openUntil: 'Tuesday, December 15',
      rateUrl: `${SITE}/rate?token=x`,
      accountUrl: `${account}/orders/5`,
    }),
};

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** The web app's pages as patterns (from apps/web/app/routes.ts itself): ':param' and '?' honoured. */
function routePatterns(entries: RouteEntry[], base = ''): RegExp[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${base}/${entry.path}` : base;
    const own =
      entry.path || entry.index
        ? [
            new RegExp(
              `^${(path || '/')
                .split('/')
                .map((part) =>
                  part.startsWith(':')
                    ? part.endsWith('?')
                      ? '?[^/]*'
                      : '[^/]+'
                    : part.replace(/[.*+^${}()|[\]\\]/g, '\\$&'),
                )
                .join('/')}/?$`,
            ),
          ]
        : [];
    return [...own, ...routePatterns(entry.children ?? [], path)];
  });
}
const PAGES = routePatterns(routes as RouteEntry[]);

const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/g;
const withoutUrls = (value: string) => value.replace(URL_IN_TEXT, '');

function links(mail: RenderedMail): string[] {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  // A sentence's full stop or comma after a link is not part of it.
  return [...hrefs, ...(mail.text.match(URL_IN_TEXT) ?? []).map((url) => url.replace(/[.,;:)]+$/, ''))];
}

const cents = (amount: string) =>
  amount === 'Free' ? 0 : Math.round(Number(amount.replace(/[$,]/g, '')) * 100);

/** The cost block of a mail's text: item lines ("2 x Name: $x"), then "Label: $x" lines down to the total. */
function costBlock(text: string) {
  const rows = text
    .split('\n')
    .map((line) => /^(.+): (-?\$[\d,]+\.\d{2}|Free)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ label: match[1]!, cents: cents(match[2]!) }));
  const items = rows.filter((row) => /^\d+ x /.test(row.label));
  const others = rows.filter((row) => !/^\d+ x /.test(row.label));
  return { items, others };
}

describe('every email the store sends', () => {
  const rendered = Object.entries(FIXTURES);

  it('has a fixture for every template', () => {
    const names = Object.entries(templates)
      .filter(([name, value]) => typeof value === 'function' && name.endsWith('Mail'))
      .map(([name]) => name)
      .sort();
    expect(names).toEqual(Object.keys(FIXTURES).sort());
  });

  it.each(rendered)('%s writes days in words, never as stored', (_name, render) => {
    const mail = render();
    for (const part of [mail.subject, withoutUrls(mail.text), withoutUrls(mail.html)])
      expect(part).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it.each(rendered)('%s links only to pages of the web app, never its home page', (_name, render) => {
    const mail = render();
    for (const href of links(mail)) {
      const url = new URL(href);
      expect(url.origin, href).toBe(SITE);
      expect(url.pathname, href).not.toBe('/');
      expect(
        PAGES.some((page) => page.test(url.pathname)),
        `${href} is no page of the web app`,
      ).toBe(true);
    }
  });

  it.each(rendered)('%s shows cost lines that add up to its total', (_name, render) => {
    const { items, others } = costBlock(render().text);
    if (others.length === 0) return;
    const total = others[others.length - 1]!;
    expect(total.label).toMatch(/^Total/);
    const subtotal = others.find((row) => row.label === 'Items');
    expect(subtotal, 'an Items line').toBeDefined();
    expect(items.reduce((sum, row) => sum + row.cents, 0)).toBe(subtotal!.cents);
    for (const label of ['Shipping', 'Tax']) expect(others.map((row) => row.label)).toContain(label);
    expect(others.slice(0, -1).reduce((sum, row) => sum + row.cents, 0)).toBe(total.cents);
  });

  it('names the store once in the subject of a card the store itself sends', () => {
    expect(FIXTURES.giftCardMail!().subject).toBe('You have a $20.00 Sprout & Spoon gift card');
  });

  it('sends "Reactivate any time" to /reactivate', () => {
    expect(FIXTURES.subscriptionCanceledMail!().text).toContain(`Reactivate any time: ${SITE}/reactivate`);
  });
});
