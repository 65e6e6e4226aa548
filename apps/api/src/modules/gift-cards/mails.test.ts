import { describe, expect, it } from 'vitest';
import { giftCardMail, giftCardReceiptMail } from '../../platform/mail/templates';

describe('gift card mails', () => {
  it('the card: the code on its own "Gift card code:" line, the message escaped, how to redeem', () => {
    const mail = giftCardMail({
      siteName: 'Sprout & Spoon',
      siteUrl: 'https://shop.example',
      accountGiftCardsUrl: 'https://account.shop.example/gift-cards',
      recipientName: 'Priya',
      senderName: 'Sam <3',
      message: 'Happy <b>birthday</b>',
      amount: '$50',
      code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ23-4567',
      expiresOn: null,
    });
    expect(mail.subject).toBe('Sam <3 sent you a $50 Sprout & Spoon gift card');
    expect(mail.text.split('\n')).toContain('Gift card code: ABCD-EFGH-JKMN-PQRS-TVWX-YZ23-4567');
    expect(mail.text).toContain('Happy <b>birthday</b>');
    expect(mail.html).toContain('Happy &lt;b&gt;birthday&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>birthday');
    expect(mail.html).toContain('data-gift-card-code>ABCD-EFGH-JKMN-PQRS-TVWX-YZ23-4567<');
    expect(mail.html).toContain('https://shop.example/onboarding/plans');
    // The account may live on its own origin: the link is the one the store built for it.
    expect(mail.text).toContain('https://account.shop.example/gift-cards');
  });

  it('the receipt: what was paid, for whom and when it goes out; never the code', () => {
    const mail = giftCardReceiptMail({
      siteName: 'Sprout & Spoon',
      recipientName: 'Priya',
      recipientEmail: 'priya@example.com',
      amount: '$100',
      deliveryDate: 'Friday, December 25, 2026',
      deliveredToday: false,
      bonus: '$20',
      cardBrand: 'Visa',
      cardLast4: '4242',
    });
    expect(mail.text).toContain('You paid $100 with Visa ending in 4242');
    expect(mail.text).toContain('on Friday, December 25, 2026');
    expect(mail.text).toContain('$20 bonus gift card');
    expect(mail.text).not.toContain('Gift card code:');
    expect(mail.html).toContain('priya@example.com');
  });
});
