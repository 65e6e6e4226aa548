import { describe, expect, it } from 'vitest';
import {
  AUTO_APPLY_PROMO_COOKIE,
  browserCookieJar,
  cookieDomain,
  cookieDomainCandidates,
  normalizeCode,
  PROMO_COOKIE_MAX_AGE_SECONDS,
  parseOverwrite,
  readCookie,
  serializeCookie,
} from './cookies';

describe('cookie domain (the parent domain)', () => {
  it('uses the parent domain of a subdomain, and the domain itself at the top', () => {
    expect(cookieDomain('shop.example.com')).toBe('.example.com');
    expect(cookieDomain('example.com')).toBe('.example.com');
    expect(cookieDomain('www.shop.example.com')).toBe('.example.com');
    expect(cookieDomain('SHOP.Example.COM.')).toBe('.example.com');
  });

  it('sets no Domain for localhost, IP addresses and single-label hosts', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '10.0.0.12',
      '::1',
      '[::1]',
      'intranet',
      '',
    ]) {
      expect(cookieDomain(host), host).toBeNull();
      expect(cookieDomainCandidates(host), host).toEqual([]);
    }
  });

  it('offers longer domains after the broadest, for two-label public suffixes', () => {
    expect(cookieDomainCandidates('shop.example.co.uk')).toEqual([
      '.co.uk',
      '.example.co.uk',
      '.shop.example.co.uk',
    ]);
  });
});

describe('cookie strings', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('lasts 365 days, whole site, SameSite=Lax, on the given domain', () => {
    const text = serializeCookie(AUTO_APPLY_PROMO_COOKIE, 'WELCOME50', {
      domain: '.example.com',
      maxAgeSeconds: PROMO_COOKIE_MAX_AGE_SECONDS,
      secure: true,
      now,
    });
    expect(PROMO_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
    expect(text).toBe(
      'auto_apply_promo_code=WELCOME50; Path=/; SameSite=Lax; Max-Age=31536000; ' +
        'Expires=Mon, 01 Mar 2027 12:00:00 GMT; Domain=.example.com; Secure',
    );
  });

  it('has no Domain attribute without a domain, and deletes with Max-Age=0', () => {
    const text = serializeCookie('overwrite_promo_code', '', { maxAgeSeconds: 0, now });
    expect(text).toBe(
      'overwrite_promo_code=; Path=/; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });

  it('reads a cookie from a header, decoded', () => {
    expect(readCookie('a=1; auto_apply_promo_code=SAVE%2020; b=2', AUTO_APPLY_PROMO_COOKIE)).toBe('SAVE 20');
    expect(readCookie('a=1', AUTO_APPLY_PROMO_COOKIE)).toBeNull();
    expect(readCookie(null, AUTO_APPLY_PROMO_COOKIE)).toBeNull();
    expect(readCookie('auto_apply_promo_code=%E0%A4%A', AUTO_APPLY_PROMO_COOKIE)).toBeNull();
  });
});

describe('browser jar', () => {
  /** A document whose cookie setter behaves like a browser that refuses public suffixes. */
  function fakeDocument(refused: string[] = []) {
    const written: string[] = [];
    const jar = new Map<string, string>();
    return {
      written,
      get cookie() {
        return [...jar.entries()].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(text: string) {
        written.push(text);
        const [pair, ...attributes] = text.split('; ');
        const [name, value] = pair!.split('=') as [string, string];
        const domain = attributes.find((attribute) => attribute.startsWith('Domain='))?.slice(7);
        if (domain && refused.includes(domain)) return;
        if (attributes.includes('Max-Age=0')) jar.delete(name);
        else jar.set(name, value);
      },
    };
  }

  it('writes on the parent domain and reads back', () => {
    const doc = fakeDocument();
    const jar = browserCookieJar(doc, { hostname: 'shop.example.com', protocol: 'https:' });
    jar.set(AUTO_APPLY_PROMO_COOKIE, 'WELCOME50');
    expect(doc.written).toHaveLength(1);
    expect(doc.written[0]).toContain('Domain=.example.com');
    expect(doc.written[0]).toContain('Max-Age=31536000');
    expect(doc.written[0]).toContain('Secure');
    expect(jar.get(AUTO_APPLY_PROMO_COOKIE)).toBe('WELCOME50');
    jar.remove(AUTO_APPLY_PROMO_COOKIE);
    expect(jar.get(AUTO_APPLY_PROMO_COOKIE)).toBeNull();
  });

  it('falls back to a longer domain when the browser refuses a public suffix', () => {
    const doc = fakeDocument(['.co.uk']);
    const jar = browserCookieJar(doc, { hostname: 'shop.example.co.uk', protocol: 'https:' });
    jar.set(AUTO_APPLY_PROMO_COOKIE, 'WELCOME50');
    expect(doc.written.map((text) => /Domain=([^;]+)/.exec(text)?.[1])).toEqual(['.co.uk', '.example.co.uk']);
    expect(jar.get(AUTO_APPLY_PROMO_COOKIE)).toBe('WELCOME50');
  });

  it('writes host-only cookies on localhost', () => {
    const doc = fakeDocument();
    const jar = browserCookieJar(doc, { hostname: 'localhost', protocol: 'http:' });
    jar.set(AUTO_APPLY_PROMO_COOKIE, 'WELCOME50');
    expect(doc.written).toHaveLength(1);
    expect(doc.written[0]).not.toContain('Domain=');
    expect(doc.written[0]).not.toContain('Secure');
  });
});

describe('URL values', () => {
  it('accepts codes of letters, digits, _ and -, trimmed', () => {
    expect(normalizeCode(' WELCOME50 ')).toBe('WELCOME50');
    expect(normalizeCode('save-20_x')).toBe('save-20_x');
    expect(normalizeCode('')).toBeNull();
    expect(normalizeCode(null)).toBeNull();
    expect(normalizeCode('a b')).toBeNull();
    expect(normalizeCode('<script>')).toBeNull();
    expect(normalizeCode('x'.repeat(65))).toBeNull();
  });

  it('reads pc_overwrite: present, 1, true, yes or on means overwrite', () => {
    for (const value of ['', '1', 'true', 'TRUE', 'yes', 'on'])
      expect(parseOverwrite(value), value).toBe(true);
    for (const value of [null, undefined, '0', 'false', 'no', 'off', 'maybe']) {
      expect(parseOverwrite(value), String(value)).toBe(false);
    }
  });
});
