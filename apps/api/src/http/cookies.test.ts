import { describe, expect, it } from 'vitest';
import { parentDomain } from './cookies';

describe('parentDomain', () => {
  it('is the registrable domain, never a public suffix', () => {
    expect(parentDomain('shop.example.com')).toBe('example.com');
    expect(parentDomain('example.com')).toBe('example.com');
    expect(parentDomain('a.example.co.uk')).toBe('example.co.uk');
    expect(parentDomain('co.uk')).toBeUndefined();
    expect(parentDomain('shop.sprout.github.io')).toBe('sprout.github.io');
    expect(parentDomain('github.io')).toBeUndefined();
  });

  it('has none for localhost and IP addresses', () => {
    expect(parentDomain('localhost')).toBeUndefined();
    expect(parentDomain('127.0.0.1')).toBeUndefined();
    expect(parentDomain('::1')).toBeUndefined();
  });
});
