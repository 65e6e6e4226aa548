/**
 * Every email the store sends, as HTML and plain text. Values are escaped: a customer's name or a
 * message can never inject markup into a mail. Days arrive as calendar days (YYYY-MM-DD) and are
 * written by the one shared formatter (formatCalendarDay), never as they are stored (decision 042).
 */
import {
  type BoxPayment,
  boxPaymentAtCutoff,
  boxPaymentAuthentication,
  boxPaymentFailure,
  type CartCosts,
  formatCalendarDay,
  formatCalendarDays,
  formatMoney,
} from '@sprout/contracts';

export type RenderedMail = {
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe on marketing mail. */
  headers?: Record<string, string>;
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

function layout(siteName: string, title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#fffaf2;font-family:Segoe UI,system-ui,sans-serif;color:#23302a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#fff;border-radius:16px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:800;font-size:20px;color:#1f4a37">${escapeHtml(siteName)}</p>
${bodyHtml}
<p style="margin:32px 0 0;font-size:13px;color:#56635c">You received this email because of activity on your ${escapeHtml(siteName)} account. If that was not you, you can ignore it.</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationCodeMail(input: {
  siteName: string;
  code: string;
  minutes: number;
}): RenderedMail {
  const subject = `${input.code} is your ${input.siteName} sign-in code`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Your sign-in code</h1>
<p style="margin:0 0 16px">Enter this code to finish signing in. It expires in ${input.minutes} minutes.</p>
<p style="font-size:32px;font-weight:800;letter-spacing:6px;margin:0 0 16px" data-code>${escapeHtml(input.code)}</p>`,
  );
  const text = `Your ${input.siteName} sign-in code is ${input.code}.\nIt expires in ${input.minutes} minutes.\nIf you did not try to sign in, you can ignore this email.`;
  return { subject, html, text };
}

export function passwordResetMail(input: {
  siteName: string;
  resetUrl: string;
  minutes: number;
}): RenderedMail {
  const subject = `Reset your ${input.siteName} password`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Reset your password</h1>
<p style="margin:0 0 16px">Choose a new password with the button below. The link works once and expires in ${input.minutes} minutes.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.resetUrl)}" style="display:inline-block;background:#2f6b4f;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:700">Choose a new password</a></p>
<p style="margin:0;font-size:13px;color:#56635c;word-break:break-all">${escapeHtml(input.resetUrl)}</p>`,
  );
  const text = `Reset your ${input.siteName} password: ${input.resetUrl}\nThe link works once and expires in ${input.minutes} minutes.\nIf you did not ask for this, you can ignore this email.`;
  return { subject, html, text };
}

// ─── Cost lines: every line of what a box costs, in the order the checkout shows them ────────

const dollars = (value: number) => formatMoney(value, { alwaysShowCents: true });
const minus = (value: number) => formatMoney(-value, { alwaysShowCents: true });

export type MailLine = { name: string; quantity: number /** Dollars. */; total: number };
type CostRow = { label: string; amount: string; total?: boolean };

/**
 * Every cost line of a cart, box or order (the storefront's CostLines, in words): items, each
 * discount under its own name, shipping and tax (always, "Free" when a promotion took them away),
 * credits, gift cards, and the total, so the lines an email shows add up to the total it names.
 */
export function costRows(
  costs: CartCosts,
  options: { discountDescription?: string | null; totalLabel?: string } = {},
): CostRow[] {
  const rows: CostRow[] = [{ label: 'Items', amount: dollars(costs.cart_items) }];
  if (costs.promo_code_cost > 0)
    rows.push({
      label: options.discountDescription || 'Promo code discount',
      amount: minus(costs.promo_code_cost),
    });
  if (costs.order_value_discount > 0)
    rows.push({ label: 'Partner benefit', amount: minus(costs.order_value_discount) });
  rows.push({
    label: 'Shipping',
    amount:
      costs.shipping_cost === 0 && costs.shipping_cost_before_discount > 0
        ? 'Free'
        : dollars(costs.shipping_cost),
  });
  rows.push({ label: 'Tax', amount: dollars(costs.tax_cost) });
  if (costs.referral_credits_amount_applied > 0)
    rows.push({ label: 'Referral credit', amount: minus(costs.referral_credits_amount_applied) });
  if (costs.credits_applied_amount > 0)
    rows.push({ label: 'Account credit', amount: minus(costs.credits_applied_amount) });
  if (costs.gift_cards_amount_applied > 0)
    rows.push({ label: 'Gift cards', amount: minus(costs.gift_cards_amount_applied) });
  if (costs.comped_amount_applied > 0)
    rows.push({ label: 'On us', amount: minus(costs.comped_amount_applied) });
  rows.push({ label: options.totalLabel ?? 'Total', amount: dollars(costs.total_cost), total: true });
  return rows;
}

/** The lines and the cost rows as one table (HTML) and as "label: amount" lines (text). */
function costTable(lines: MailLine[], rows: CostRow[]): { html: string; text: string[] } {
  const cell = 'padding:4px 0';
  const strong = 'padding:8px 0;font-weight:800;border-top:1px solid #e7e1d6';
  const html = `<table role="presentation" width="100%" style="font-size:15px;border-top:1px solid #e7e1d6;margin:0 0 8px">${lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(line.name)}</td><td align="right" style="${cell}">${escapeHtml(dollars(line.total))}</td></tr>`,
    )
    .join('')}${rows
    .map(
      (row) =>
        `<tr><td style="${row.total ? strong : cell}">${escapeHtml(row.label)}</td><td align="right" style="${row.total ? strong : cell}">${escapeHtml(row.amount)}</td></tr>`,
    )
    .join('')}</table>`;
  const text = [
    ...lines.map((line) => `${line.quantity} x ${line.name}: ${dollars(line.total)}`),
    ...rows.map((row) => `${row.label}: ${row.amount}`),
  ];
  return { html, text };
}

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:#2f6b4f">${escapeHtml(label)}</a>`;

export function orderConfirmationMail(input: {
  siteName: string;
  firstName: string;
  orderNumber: string;
  /** The first box's calendar day (YYYY-MM-DD). */
  deliveryDate: string;
  frequencyWeeks: number;
  lines: MailLine[];
  costs: CartCosts;
  discountDescription: string | null;
  /** The order's receipt in the account site. */
  orderUrl: string;
  /** The account site's boxes, where the next box changes. */
  deliveriesUrl: string;
}): RenderedMail {
  const subject = `Your ${input.siteName} order ${input.orderNumber} is confirmed`;
  const cadence = input.frequencyWeeks === 1 ? 'every week' : `every ${input.frequencyWeeks} weeks`;
  const day = formatCalendarDay(input.deliveryDate);
  const table = costTable(
    input.lines,
    costRows(input.costs, { discountDescription: input.discountDescription, totalLabel: 'Total charged' }),
  );
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Thank you, ${escapeHtml(input.firstName)}!</h1>
<p style="margin:0 0 16px">Order <strong>${escapeHtml(input.orderNumber)}</strong> is confirmed. Your first box arrives on <strong>${escapeHtml(day)}</strong>, then ${cadence}.</p>
${table.html}
<p style="margin:16px 0 0">${link(input.orderUrl, 'See your order')} · ${link(input.deliveriesUrl, 'Change your next boxes')} in your account.</p>`,
  );
  const text = [
    `Thank you, ${input.firstName}!`,
    `Order ${input.orderNumber} is confirmed. Your first box arrives on ${day}, then ${cadence}.`,
    '',
    ...table.text,
    '',
    `See your order: ${input.orderUrl}`,
    `Change your next boxes: ${input.deliveriesUrl}`,
  ].join('\n');
  return { subject, html, text };
}

/**
 * The receipt of a renewal (decision 042): sent when a box's charge goes through (or gift cards and
 * credits paid it whole), with every cost line, so every box charged has its receipt.
 */
export function renewalReceiptMail(input: {
  siteName: string;
  firstName: string;
  orderNumber: string;
  /** The box's calendar day (YYYY-MM-DD). */
  deliveryDate: string;
  lines: MailLine[];
  costs: CartCosts;
  discountDescription: string | null;
  /** "Visa ending in 4242", or null when nothing was charged to a card. */
  paidWith: string | null;
  orderUrl: string;
  deliveriesUrl: string;
}): RenderedMail {
  const day = formatCalendarDay(input.deliveryDate);
  const subject = `Your ${input.siteName} receipt for the box of ${day}`;
  const total = dollars(input.costs.total_cost);
  const paid =
    input.costs.total_cost > 0 && input.paidWith
      ? `We charged ${total} to your ${input.paidWith}.`
      : `Nothing was charged to your card: your gift cards and credits paid this box.`;
  const table = costTable(
    input.lines,
    costRows(input.costs, { discountDescription: input.discountDescription, totalLabel: 'Total charged' }),
  );
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Hi ${escapeHtml(input.firstName)}, your box is paid</h1>
<p style="margin:0 0 16px">Order <strong>${escapeHtml(input.orderNumber)}</strong> is being made and arrives on <strong>${escapeHtml(day)}</strong>. ${escapeHtml(paid)}</p>
${table.html}
<p style="margin:16px 0 0">${link(input.orderUrl, 'See your receipt')} · ${link(input.deliveriesUrl, 'Choose your next boxes')}</p>`,
  );
  const text = [
    `Hi ${input.firstName}, your box is paid.`,
    `Order ${input.orderNumber} is being made and arrives on ${day}. ${paid}`,
    '',
    ...table.text,
    '',
    `See your receipt: ${input.orderUrl}`,
    `Choose your next boxes: ${input.deliveriesUrl}`,
  ].join('\n');
  return { subject, html, text };
}

/** The code that proves a new email address receives mail, sent to that new address. */
export function emailChangeCodeMail(input: {
  siteName: string;
  code: string;
  minutes: number;
}): RenderedMail {
  const subject = `${input.code} is your code to change your ${input.siteName} email`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Confirm your new email</h1>
<p style="margin:0 0 16px">Enter this code in your account to use this address from now on. It expires in ${input.minutes} minutes.</p>
<p style="font-size:32px;font-weight:800;letter-spacing:6px;margin:0 0 16px" data-code>${escapeHtml(input.code)}</p>`,
  );
  const text = `Your code to change your ${input.siteName} email is ${input.code}.\nEnter it in your account to use this address from now on. It expires in ${input.minutes} minutes.\nIf you did not ask for this, you can ignore this email: nothing changes without the code.`;
  return { subject, html, text };
}

/** Sent to the OLD address once the change is confirmed, so a change nobody asked for is noticed. */
export function emailChangedMail(input: {
  siteName: string;
  newEmail: string;
  /** The contact page (a link says where it lands, decision 042). */
  contactUrl: string;
}): RenderedMail {
  const subject = `Your ${input.siteName} email was changed`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Your email was changed</h1>
<p style="margin:0 0 16px">Your account now uses <strong>${escapeHtml(input.newEmail)}</strong>. Receipts and sign-in codes go there from now on.</p>
<p style="margin:0">If you did not make this change, <a href="${escapeHtml(input.contactUrl)}" style="color:#2f6b4f">contact us</a> at once.</p>`,
  );
  const text = `Your ${input.siteName} account now uses ${input.newEmail}. Receipts and sign-in codes go there from now on.\nIf you did not make this change, contact us at once: ${input.contactUrl}`;
  return { subject, html, text };
}

/** Sent after a password change, which also signed out every other browser. */
export function passwordChangedMail(input: { siteName: string; resetUrl: string }): RenderedMail {
  const subject = `Your ${input.siteName} password was changed`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Your password was changed</h1>
<p style="margin:0 0 16px">We signed you out everywhere else; sign in there with your new password.</p>
<p style="margin:0">If you did not make this change, <a href="${escapeHtml(input.resetUrl)}" style="color:#2f6b4f">reset your password</a> at once.</p>`,
  );
  const text = `Your ${input.siteName} password was changed. We signed you out everywhere else; sign in there with your new password.\nIf you did not make this change, reset your password at once: ${input.resetUrl}`;
  return { subject, html, text };
}

const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2f6b4f;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(label)}</a></p>`;

/** 24 hours before a box's cutoff: what arrives when, and until when it can change. */
export function deliveryReminderMail(input: {
  siteName: string;
  firstName: string;
  /** "Tuesday, December 1" */
  deliveryDate: string;
  /** "Friday noon" */
  cutoff: string;
  itemCount: number;
  /** What pays the box at the cutoff: the gift card balance, the saved card (decision 042). */
  payment: BoxPayment;
  accountUrl: string;
  /**
   * The dishes the store picked for the family (the smart box, decision 055), with their reasons:
   * listed so the parent sees them and can change them before the cutoff. Absent or empty: none.
   */
  picks?: readonly { name: string; quantity: number; reason: string }[];
}): RenderedMail {
  const subject = `Your box arrives ${input.deliveryDate}: edit or skip until ${input.cutoff}`;
  const picks = input.picks ?? [];
  const picksHtml =
    picks.length === 0
      ? ''
      : `<p style="margin:0 0 8px">We picked these for you to fill your box. Change any of them until <strong>${escapeHtml(input.cutoff)}</strong>:</p>
<ul style="margin:0 0 16px;padding-left:20px">${picks
          .map((pick) => `<li>${escapeHtml(pick.name)} × ${pick.quantity}: ${escapeHtml(pick.reason)}</li>`)
          .join('')}</ul>
`;
  const picksText =
    picks.length === 0
      ? []
      : [
          '',
          `We picked these for you to fill your box (change any of them until ${input.cutoff}):`,
          ...picks.map((pick) => `- ${pick.name} × ${pick.quantity}: ${pick.reason}`),
        ];
  const charged = boxPaymentAtCutoff(input.payment);
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Hi ${escapeHtml(input.firstName)}, your next box is almost ready</h1>
<p style="margin:0 0 16px">Your box of ${input.itemCount} meals arrives on <strong>${escapeHtml(input.deliveryDate)}</strong>. You can change its meals or skip it until <strong>${escapeHtml(input.cutoff)}</strong>; then it is made and ${escapeHtml(charged)}.</p>
${picksHtml}${button(input.accountUrl, 'Edit or skip this box')}`,
  );
  const text = [
    `Hi ${input.firstName},`,
    `Your box of ${input.itemCount} meals arrives on ${input.deliveryDate}.`,
    `Edit or skip it until ${input.cutoff}; then it is made and ${charged}.`,
    ...picksText,
    '',
    `Edit or skip: ${input.accountUrl}`,
  ].join('\n');
  return { subject, html, text };
}

/**
 * A box's off-session charge was declined, or there is no card to charge: what the gift card
 * balance paid and what it did not (decision 042), and the card to update or add before the next try.
 */
export function paymentFailedMail(input: {
  siteName: string;
  firstName: string;
  deliveryDate: string;
  payment: BoxPayment;
  /** Already formatted: "Saturday, November 28". */
  nextAttempt: string;
  updateCardUrl: string;
}): RenderedMail {
  const { cardOnFile } = input.payment;
  const subject = cardOnFile
    ? `We could not charge your card for the box of ${input.deliveryDate}`
    : `Add a card to pay for the box of ${input.deliveryDate}`;
  const what = boxPaymentFailure(input.payment);
  const ask = cardOnFile ? 'Please update your card before then' : 'Please add a card before then';
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Hi ${escapeHtml(input.firstName)}, your box of ${escapeHtml(input.deliveryDate)} is not paid yet</h1>
<p style="margin:0 0 16px">${escapeHtml(what)} We will try again on ${escapeHtml(input.nextAttempt)}. ${escapeHtml(ask)} so your box can be delivered.</p>
${button(input.updateCardUrl, cardOnFile ? 'Update your card' : 'Add a card')}`,
  );
  const text = [
    `Hi ${input.firstName},`,
    `Your box arrives on ${input.deliveryDate}. ${what}`,
    `We will try again on ${input.nextAttempt}. ${ask}: ${input.updateCardUrl}`,
  ].join('\n');
  return { subject, html, text };
}

/**
 * The bank asked to confirm a box's off-session charge (3-D Secure, decision 041): not a decline.
 * The link opens the account page where the customer confirms it; unconfirmed by `deadline`, the box
 * takes the failed-renewal path, as after a last decline.
 */
export function paymentAuthenticationMail(input: {
  siteName: string;
  firstName: string;
  deliveryDate: string;
  payment: Omit<BoxPayment, 'cardOnFile'>;
  /** Already formatted: "Monday, December 14". */
  deadline: string;
  payUrl: string;
}): RenderedMail {
  const subject = `Confirm the payment for your box of ${input.deliveryDate}`;
  const what = boxPaymentAuthentication(input.payment);
  const until = `Please confirm it by ${input.deadline}, or the box is canceled and your subscription paused.`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Hi ${escapeHtml(input.firstName)}, your bank asks you to confirm a payment</h1>
<p style="margin:0 0 16px">${escapeHtml(what)} It is for the box arriving on <strong>${escapeHtml(input.deliveryDate)}</strong>.</p>
<p style="margin:0 0 16px">${escapeHtml(until)}</p>
${button(input.payUrl, 'Confirm the payment')}`,
  );
  const text = [
    `Hi ${input.firstName},`,
    `${what} It is for the box arriving on ${input.deliveryDate}.`,
    until,
    `Confirm the payment: ${input.payUrl}`,
  ].join('\n');
  return { subject, html, text };
}

/** Every try failed: the box is canceled and the subscription paused. */
export function subscriptionPausedMail(input: {
  siteName: string;
  firstName: string;
  deliveryDate: string;
  updateCardUrl: string;
  accountUrl: string;
}): RenderedMail {
  const subject = `Your ${input.siteName} subscription is paused`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Hi ${escapeHtml(input.firstName)}, we paused your subscription</h1>
<p style="margin:0 0 16px">We could not charge your card for the box of <strong>${escapeHtml(input.deliveryDate)}</strong>, so that box is canceled and nothing more will be charged. Update your card and resume your subscription whenever you are ready.</p>
${button(input.updateCardUrl, 'Update your card')}
<p style="margin:0"><a href="${escapeHtml(input.accountUrl)}" style="color:#2f6b4f">Go to your account</a></p>`,
  );
  const text = [
    `Hi ${input.firstName},`,
    `We could not charge your card for the box of ${input.deliveryDate}, so that box is canceled and your subscription is paused.`,
    `Update your card: ${input.updateCardUrl}`,
    `Resume from your account: ${input.accountUrl}`,
  ].join('\n');
  return { subject, html, text };
}

// ─── The subscription's lifecycle (decision 023): every change is confirmed by email ────────

type LifecycleMailInput = { siteName: string; accountUrl: string; firstName: string | null };

/** One short message with one link (the account unless `href` says where): every lifecycle email's shape. */
function lifecycleMail(
  input: LifecycleMailInput,
  subject: string,
  heading: string,
  paragraphs: string[],
  linkText: string,
  href = input.accountUrl,
): RenderedMail {
  const hello = input.firstName ? `Hi ${input.firstName},` : 'Hi,';
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px">${escapeHtml(hello)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n')}
<p style="margin:0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2f6b4f;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(linkText)}</a></p>`,
  );
  const text = [
    hello,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${linkText}: ${href}`,
  ].join('\n');
  return { subject, html, text };
}

const stillShippingLine = (dates: string[]) =>
  dates.length === 0
    ? []
    : [
        `Your box of ${formatCalendarDays(dates)} was already being prepared, so it still arrives and is charged as usual.`,
      ];

/**
 * `firstBoxOn` (a calendar day) is the first box after the pause: what every screen and email
 * names as the day boxes start again (decision 023), never the internal resume day.
 */
export function pauseConfirmedMail(
  input: LifecycleMailInput & { firstBoxOn: string; stillShipping: string[] },
): RenderedMail {
  const firstBox = formatCalendarDay(input.firstBoxOn);
  return lifecycleMail(
    input,
    `Your ${input.siteName} boxes are paused until ${firstBox}`,
    'Your subscription is paused',
    [
      `Your next box comes on ${firstBox}. We will email you a week before your boxes start again.`,
      ...stillShippingLine(input.stillShipping),
      'You can resume earlier or change the date in your account at any time.',
    ],
    'Manage your boxes',
  );
}

/** `firstBoxOn` (a calendar day) is the first box after the pause, as the pause email named it. */
export function resumeSoonMail(input: LifecycleMailInput & { firstBoxOn: string }): RenderedMail {
  const firstBox = formatCalendarDay(input.firstBoxOn);
  return lifecycleMail(
    input,
    `Your ${input.siteName} boxes start again on ${firstBox}`,
    'Your boxes start again soon',
    [
      `Your pause ends and your next box comes on ${firstBox}.`,
      'Now is a good time to pick its meals, or to pause a little longer.',
    ],
    'Choose your next box',
  );
}

export function offerAcceptedMail(input: LifecycleMailInput & { offer: string }): RenderedMail {
  return lifecycleMail(
    input,
    `We're glad you're staying with ${input.siteName}`,
    'Your offer is applied',
    [`${input.offer}. Your subscription goes on as before otherwise.`],
    'See your next box',
  );
}

/** `reactivateUrl`: the storefront's /reactivate, where "Reactivate any time" lands. */
export function subscriptionCanceledMail(
  input: LifecycleMailInput & { stillShipping: string[]; reactivateUrl: string },
): RenderedMail {
  return lifecycleMail(
    input,
    `Your ${input.siteName} subscription is canceled`,
    'Your subscription is canceled',
    [
      'No more boxes will be made or charged.',
      ...stillShippingLine(input.stillShipping),
      'Your account, order history and any credits stay here. You can reactivate whenever you like.',
    ],
    'Reactivate any time',
    input.reactivateUrl,
  );
}

export function subscriptionReactivatedMail(
  input: LifecycleMailInput & { planName: string; firstDeliveryDate: string; frequencyWeeks: number },
): RenderedMail {
  const every = input.frequencyWeeks === 1 ? 'every week' : `every ${input.frequencyWeeks} weeks`;
  return lifecycleMail(
    input,
    `Welcome back to ${input.siteName}`,
    'Your subscription is active again',
    [
      `Your ${input.planName} box arrives on ${formatCalendarDay(input.firstDeliveryDate)}, then ${every}.`,
      'You can choose its meals, skip or pause any week in your account until its cutoff.',
    ],
    'Choose your meals',
  );
}

/** The buyer's receipt for a gift card (decision 024), sent as soon as the payment succeeds. */
export function giftCardReceiptMail(input: {
  siteName: string;
  recipientName: string;
  recipientEmail: string;
  amount: string;
  /** Already formatted for people, e.g. "Thursday, December 3". */
  deliveryDate: string;
  deliveredToday: boolean;
  bonus: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}): RenderedMail {
  const subject = `Your ${input.siteName} gift card for ${input.recipientName}`;
  const when = input.deliveredToday
    ? `We have emailed it to ${input.recipientName} (${input.recipientEmail}).`
    : `We will email it to ${input.recipientName} (${input.recipientEmail}) on ${input.deliveryDate}.`;
  const paidWith = input.cardLast4
    ? ` with ${input.cardBrand ?? 'your card'} ending in ${input.cardLast4}`
    : '';
  const bonus = input.bonus
    ? `As a thank-you, a ${input.bonus} bonus gift card for you is on its way in a separate email.`
    : null;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Thank you for your gift</h1>
<p style="margin:0 0 16px">You paid <strong>${escapeHtml(input.amount)}</strong>${escapeHtml(paidWith)} for a gift card for ${escapeHtml(input.recipientName)}.</p>
<p style="margin:0 0 16px">${escapeHtml(when)}</p>
${bonus ? `<p style="margin:0 0 16px">${escapeHtml(bonus)}</p>` : ''}`,
  );
  const text = [
    `Thank you for your gift.`,
    `You paid ${input.amount}${paidWith} for a gift card for ${input.recipientName}.`,
    when,
    ...(bonus ? [bonus] : []),
  ].join('\n');
  return { subject, html, text };
}

/** The gift card itself, to its recipient on its delivery date: the only place its code is written. */
export function giftCardMail(input: {
  siteName: string;
  siteUrl: string;
  /** The account's gift card page, absolute (it may live on another origin). */
  accountGiftCardsUrl: string;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
  amount: string;
  /** The code in readable groups. */
  code: string;
  expiresOn: string | null;
}): RenderedMail {
  const from = input.senderName ?? input.siteName;
  // A card from the store itself (the buyer's bonus) names the store once, not as sender and brand.
  const subject = input.senderName
    ? `${from} sent you a ${input.amount} ${input.siteName} gift card`
    : `You have a ${input.amount} ${input.siteName} gift card`;
  const startUrl = new URL('/onboarding/plans', input.siteUrl).href;
  const accountUrl = input.accountGiftCardsUrl;
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : 'Hi,';
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(greeting)} you have a gift card!</h1>
<p style="margin:0 0 16px">${escapeHtml(from)} sent you <strong>${escapeHtml(input.amount)}</strong> of organic meals and snacks for the kids.</p>
${input.message ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #2f6b4f;background:#f4f8f5;white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>` : ''}
<p style="margin:0 0 8px">Your gift card code:</p>
<p style="font-size:22px;font-weight:800;letter-spacing:2px;margin:0 0 16px;font-family:monospace" data-gift-card-code>${escapeHtml(input.code)}</p>
${input.expiresOn ? `<p style="margin:0 0 16px">Use it by ${escapeHtml(input.expiresOn)}.</p>` : ''}
<p style="margin:0 0 16px"><strong>How to use it:</strong> choose a plan and fill your first box, then enter the code in the gift card field at checkout. Already a customer? Add it to your account and it pays your next boxes automatically.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(startUrl)}" style="display:inline-block;background:#2f6b4f;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:700">Choose your first box</a></p>
<p style="margin:0;font-size:13px;color:#56635c">Customers: <a href="${escapeHtml(accountUrl)}">add it to your account</a>.</p>`,
  );
  const text = [
    `${greeting} ${from} sent you a ${input.amount} ${input.siteName} gift card.`,
    ...(input.message ? ['', input.message, ''] : []),
    `Gift card code: ${input.code}`,
    ...(input.expiresOn ? [`Use it by ${input.expiresOn}.`] : []),
    `How to use it: choose a plan and fill your first box at ${startUrl}, then enter the code in the gift card field at checkout.`,
    `Already a customer? Add it to your account at ${accountUrl} and it pays your next boxes automatically.`,
  ].join('\n');
  return { subject, html, text };
}

/**
 * The abandoned-cart reminder (decision 026): the box as it was left, a link that restores it in any
 * browser, and a one-click unsubscribe (also in the List-Unsubscribe headers, RFC 8058).
 */
export function cartReminderMail(input: {
  siteName: string;
  firstName: string | null;
  /** 1: after an hour of quiet; 2: the next day (the last one). */
  sequence: number;
  items: MailLine[];
  /** The cart's costs: every line, so the items, discounts, shipping and tax add up to the total. */
  costs: CartCosts;
  discountDescription: string | null;
  restoreUrl: string;
  unsubscribeUrl: string;
  oneClickUnsubscribeUrl: string;
}): RenderedMail {
  const greeting = input.firstName ? `Hi ${input.firstName},` : 'Hi,';
  const subject =
    input.sequence === 1
      ? `Your ${input.siteName} box is waiting for you`
      : `Still thinking it over? Your box is saved`;
  const table = costTable(
    input.items,
    costRows(input.costs, { discountDescription: input.discountDescription }),
  );
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(greeting)} your box is saved</h1>
<p style="margin:0 0 16px">Here is what you picked. Open it on any device to finish your order.</p>
${table.html}
${button(input.restoreUrl, 'Open my box')}
<p style="margin:16px 0 0;font-size:13px;color:#56635c">Don't want these reminders? <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#2f6b4f">Unsubscribe</a>.</p>`,
  );
  const text = [
    greeting,
    'Your box is saved. Here is what you picked:',
    ...table.text,
    '',
    `Open my box: ${input.restoreUrl}`,
    '',
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  return {
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUnsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Names as a sentence says them: "Mia", "Mia and Leo", "Mia, Leo and Sam". */
function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * After a delivery (docs/decisions/055, Ratings): how did the children like their box? The link
 * opens that order's rating form without a sign-in, until it expires or the ratings are sent.
 */
export function ratingRequestMail(input: {
  siteName: string;
  firstName: string;
  childNames: readonly string[];
  /** Already formatted: "Tuesday, December 1". */
  deliveryDate: string;
  /** Already formatted: the last day the link works. */
  openUntil: string;
  rateUrl: string;
  accountUrl: string;
}): RenderedMail {
  const who = namesInWords(input.childNames);
  const subject = `How did ${who} like their box?`;
  const html = layout(
    input.siteName,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Hi ${escapeHtml(input.firstName)}, how did ${escapeHtml(who)} like their box?</h1>
<p style="margin:0 0 16px">Tell us how each dish of the box delivered on ${escapeHtml(input.deliveryDate)} went down: loved, ok or refused. It takes a minute, and the next boxes pick by it.</p>
${button(input.rateUrl, 'Rate the box')}
<p style="margin:16px 0 0;font-size:13px;color:#56635c">The link works once, until ${escapeHtml(input.openUntil)}, without signing in. You can always rate from <a href="${escapeHtml(input.accountUrl)}" style="color:#2f6b4f">your account</a>.</p>`,
  );
  const text = [
    `Hi ${input.firstName},`,
    `How did ${who} like the box delivered on ${input.deliveryDate}? Tell us how each dish went down: loved, ok or refused.`,
    '',
    `Rate the box: ${input.rateUrl}`,
    '',
    `The link works once, until ${input.openUntil}, without signing in. You can always rate from your account: ${input.accountUrl}`,
  ].join('\n');
  return { subject, html, text };
}
