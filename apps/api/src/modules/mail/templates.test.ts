import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationCodeMail } from './templates';

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
});
