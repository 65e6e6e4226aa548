import { describe, expect, it } from 'vitest';
import { accountPageUrl } from './site';

describe('accountPageUrl', () => {
  it('places a page under the account site, whether a path of the store or an origin of its own', () => {
    const onStore = { url: 'https://shop.example', accountUrl: '/account' };
    expect(accountPageUrl(onStore)).toBe('https://shop.example/account');
    expect(accountPageUrl(onStore, 'orders/12')).toBe('https://shop.example/account/orders/12');
    expect(accountPageUrl(onStore, '/deliveries')).toBe('https://shop.example/account/deliveries');
    const ownOrigin = { url: 'https://shop.example', accountUrl: 'https://account.shop.example/' };
    expect(accountPageUrl(ownOrigin)).toBe('https://account.shop.example');
    expect(accountPageUrl(ownOrigin, 'gift-cards')).toBe('https://account.shop.example/gift-cards');
  });
});
