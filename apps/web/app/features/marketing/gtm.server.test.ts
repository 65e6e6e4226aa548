import { describe, expect, it } from 'vitest';
import { gtmBootstrap } from './gtm.server';

describe('tag manager loader', () => {
  it('is nothing without an id', () => {
    expect(gtmBootstrap(null, 'dataLayer', 'n0nce')).toBeNull();
  });

  it('starts the data layer and adds gtm.js with the nonce', () => {
    const script = gtmBootstrap('GTM-AB12CD', 'dataLayer', 'n0nce')!;
    expect(script).toContain('var l="dataLayer"');
    expect(script).toContain('"https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD"');
    expect(script).toContain('s.nonce="n0nce"');
    expect(gtmBootstrap('GTM-AB12CD', 'shopLayer', 'x')).toContain('gtm.js?id=GTM-AB12CD&l=shopLayer');
  });
});
