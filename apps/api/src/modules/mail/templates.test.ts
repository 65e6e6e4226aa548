import { describe, expect, it } from 'vitest';
import {
  deliveryReminderMail,
  emailChangeCodeMail,
  emailChangedMail,
  offerAcceptedMail,
  passwordChangedMail,
  passwordResetMail,
  pauseConfirmedMail,
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
      total: '$71.88',
      accountUrl: 'https://shop.example/account',
    });
    expect(mail.subject).toBe('Your box arrives Tuesday, December 1: edit or skip until Friday noon');
    expect(mail.html).toContain('Robin &lt;3');
    expect(mail.html).toContain('href="https://shop.example/account"');
    expect(mail.text).toContain('Edit or skip it until Friday noon');
  });

  it('asks for a new card after a decline, and says when it tries again', () => {
    const mail = paymentFailedMail({
      siteName: 'Sprout & Spoon',
      firstName: 'Robin',
      deliveryDate: 'Tuesday, December 1',
      total: '$71.88',
      nextAttempt: 'Saturday, November 28',
      updateCardUrl: 'https://shop.example/account/payment-method',
    });
    expect(mail.html).toContain('href="https://shop.example/account/payment-method"');
    expect(mail.text).toContain('try again on Saturday, November 28');
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
