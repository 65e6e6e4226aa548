import { describe, expect, it } from 'vitest';
import {
  deliveryReminderMail,
  emailChangeCodeMail,
  emailChangedMail,
  offerAcceptedMail,
  passwordChangedMail,
  passwordResetMail,
  pauseConfirmedMail,
  paymentAuthenticationMail,
  paymentFailedMail,
  resumeSoonMail,
  subscriptionCanceledMail,
  subscriptionPausedMail,
  subscriptionReactivatedMail,
  verificationCodeMail,
} from './templates';

describe('mail templates', () => {
  it('puts the verification code in the subject, HTML and text', () => {
    const mail = verificationCodeMail({ siteName: 'Sprout & Spoon', code: '123456', minutes: 10 });
    expect(mail.subject).toBe('123456 is your Sprout & Spoon sign-in code');
    expect(mail.html).toContain('data-code>123456<');
    expect(mail.html).toContain('Sprout &amp; Spoon');
    expect(mail.text).toContain('123456');
  });

  it('escapes what it interpolates', () => {
    const mail = passwordResetMail({
      siteName: '<b>Shop</b>',
      resetUrl: 'https://x.example/?a="1"&b=<2>',
      minutes: 60,
    });
    expect(mail.html).not.toContain('<b>Shop</b>');
    expect(mail.html).toContain('&lt;b&gt;Shop&lt;/b&gt;');
    expect(mail.html).toContain('href="https://x.example/?a=&quot;1&quot;&amp;b=&lt;2&gt;"');
    expect(mail.text).toContain('https://x.example/?a="1"&b=<2>');
  });

  it('sends the email-change code in the subject, HTML and text, saying nothing changes without it', () => {
    const mail = emailChangeCodeMail({ siteName: 'Sprout & Spoon', code: '042042', minutes: 30 });
    expect(mail.subject).toBe('042042 is your code to change your Sprout & Spoon email');
    expect(mail.html).toContain('data-code>042042<');
    expect(mail.text).toContain('042042');
    expect(mail.text).toContain('nothing changes without the code');
  });

  it('tells the old address which email the account uses now, escaped', () => {
    const mail = emailChangedMail({
      siteName: 'Sprout & Spoon',
      newEmail: 'new<x>@example.com',
      contactUrl: 'https://shop.example/contact-us',
    });
    expect(mail.html).toContain('new&lt;x&gt;@example.com');
    expect(mail.html).toContain('href="https://shop.example/contact-us"');
    expect(mail.text).toContain('now uses new<x>@example.com');
  });

  it('links a changed password to a reset, in HTML and text', () => {
    const mail = passwordChangedMail({
      siteName: 'Shop',
      resetUrl: 'https://shop.example/onboarding/forgot-password',
    });
    expect(mail.subject).toBe('Your Shop password was changed');
    expect(mail.html).toContain('href="https://shop.example/onboarding/forgot-password"');
    expect(mail.text).toContain('https://shop.example/onboarding/forgot-password');
  });

  it('says when boxes really start again: the first box after a pause, not the day it ends', () => {
    const base = { siteName: 'Sprout', accountUrl: 'https://shop.test/account', firstName: 'Ann' };
    const mail = resumeSoonMail({ ...base, firstBoxOn: '2026-12-15' });
    expect(mail.subject).toBe('Your Sprout boxes start again on Tuesday, December 15');
    expect(mail.text).toContain('your next box comes on Tuesday, December 15');
  });

  it('confirms every lifecycle change in HTML and text, with the account link and escaped names', () => {
    const base = { siteName: 'Sprout', accountUrl: 'https://shop.test/account', firstName: '<Ann>' };
    const mails = [
      pauseConfirmedMail({ ...base, firstBoxOn: '2026-12-08', stillShipping: ['2026-11-24'] }),
      resumeSoonMail({ ...base, firstBoxOn: '2026-12-08' }),
      offerAcceptedMail({ ...base, offer: '50% off your next box' }),
      subscriptionCanceledMail({ ...base, stillShipping: [], reactivateUrl: 'https://shop.test/account' }),
      subscriptionReactivatedMail({
        ...base,
        planName: 'Family',
        firstDeliveryDate: '2026-12-01',
        frequencyWeeks: 2,
      }),
    ];
    for (const mail of mails) {
      expect(mail.html).toContain('https://shop.test/account');
      expect(mail.text).toContain('https://shop.test/account');
      expect(mail.html).toContain('&lt;Ann&gt;');
      expect(mail.html).not.toContain('<Ann>');
    }
    expect(mails[0]!.subject).toContain('Tuesday, December 8');
    expect(mails[0]!.text).toContain('Tuesday, November 24 was already being prepared');
    expect(mails[2]!.text).toContain('50% off your next box');
    expect(mails[4]!.text).toContain('every 2 weeks');
  });
});

describe('renewal mails', () => {
  it('reminds of the box and its cutoff, with the link to edit it', () => {
    const mail = deliveryReminderMail({
      siteName: 'Sprout & Spoon',
      firstName: 'Robin <3',
      deliveryDate: 'Tuesday, December 1',
      cutoff: 'Friday noon',
      itemCount: 12,
      payment: { giftCards: 0, card: 71.88, cardOnFile: true },
      accountUrl: 'https://shop.example/account',
    });
    expect(mail.subject).toBe('Your box arrives Tuesday, December 1: edit or skip until Friday noon');
    expect(mail.html).toContain('Robin &lt;3');
    expect(mail.html).toContain('href="https://shop.example/account"');
    expect(mail.text).toContain('Edit or skip it until Friday noon');
    expect(mail.text).toContain('then it is made and $71.88 is charged to your saved card.');
  });

  it('says what a gift card balance pays at the cutoff, and never a saved card the account lacks', () => {
    const reminder = (payment: { giftCards: number; card: number; cardOnFile: boolean }) =>
      deliveryReminderMail({
        siteName: 'Sprout & Spoon',
        firstName: 'Robin',
        deliveryDate: 'Tuesday, December 1',
        cutoff: 'Friday noon',
        itemCount: 12,
        payment,
        accountUrl: 'https://shop.example/account',
      }).text;
    expect(reminder({ giftCards: 97.62, card: 0, cardOnFile: false })).toContain(
      'then it is made and your gift card balance pays all $97.62 of it.',
    );
    const partly = reminder({ giftCards: 50, card: 47.62, cardOnFile: false });
    expect(partly).toContain('your gift card balance pays $50.00 and $47.62 is left to pay');
    expect(partly).toContain('there is no card on your account');
    expect(partly).not.toContain('saved card');
  });

  it('asks for a new card after a decline, and says when it tries again', () => {
    const mail = paymentFailedMail({
      siteName: 'Sprout & Spoon',
      firstName: 'Robin',
      deliveryDate: 'Tuesday, December 1',
      payment: { giftCards: 0, card: 71.88, cardOnFile: true },
      nextAttempt: 'Saturday, November 28',
      updateCardUrl: 'https://shop.example/account/payment-method',
    });
    expect(mail.html).toContain('href="https://shop.example/account/payment-method"');
    expect(mail.text).toContain('Your bank declined $71.88.');
    expect(mail.text).toContain('try again on Saturday, November 28');
  });

  it('a box paid by gift card with no card on file: what the balance paid and what is left, no bank', () => {
    const mail = paymentFailedMail({
      siteName: 'Sprout & Spoon',
      firstName: 'Robin',
      deliveryDate: 'Tuesday, December 1',
      payment: { giftCards: 40, card: 57.62, cardOnFile: false },
      nextAttempt: 'Saturday, November 28',
      updateCardUrl: 'https://shop.example/account/payment-method',
    });
    expect(mail.subject).toBe('Add a card to pay for the box of Tuesday, December 1');
    expect(mail.text).toContain(
      'Your gift card balance paid $40.00 of this box. There is no card on your account to charge the other $57.62 to.',
    );
    expect(mail.text).toContain('Please add a card before then');
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain('bank declined');
      expect(body).not.toContain('saved card');
    }
    const withCard = paymentFailedMail({
      siteName: 'Sprout & Spoon',
      firstName: 'Robin',
      deliveryDate: 'Tuesday, December 1',
      payment: { giftCards: 40, card: 57.62, cardOnFile: true },
      nextAttempt: 'Saturday, November 28',
      updateCardUrl: 'https://shop.example/account/payment-method',
    });
    expect(withCard.text).toContain(
      'Your gift card balance paid $40.00 of this box. Your bank declined the other $57.62.',
    );
  });

  it('asks to confirm a payment the bank wants authenticated, with the link and the last day', () => {
    const mail = paymentAuthenticationMail({
      siteName: 'Sprout & Spoon',
      firstName: 'Robin',
      deliveryDate: 'Tuesday, December 1',
      payment: { giftCards: 0, card: 71.88 },
      deadline: 'Monday, November 30',
      payUrl: 'https://shop.example/account/deliveries/2026-12-01/pay',
    });
    expect(mail.subject).toBe('Confirm the payment for your box of Tuesday, December 1');
    expect(mail.html).toContain('href="https://shop.example/account/deliveries/2026-12-01/pay"');
    expect(mail.text).toContain('Your bank asks you to confirm the payment of $71.88');
    expect(mail.text).toContain('by Monday, November 30');
    expect(mail.text).not.toContain('declined');
  });

  it('says the subscription is paused and how to resume', () => {
    const mail = subscriptionPausedMail({
      siteName: 'Sprout & Spoon',
      firstName: 'Robin',
      deliveryDate: 'Tuesday, December 1',
      updateCardUrl: 'https://shop.example/account/payment-method',
      accountUrl: 'https://shop.example/account',
    });
    expect(mail.subject).toBe('Your Sprout & Spoon subscription is paused');
    expect(mail.text).toContain('https://shop.example/account/payment-method');
    expect(mail.html).toContain('canceled');
  });
});
