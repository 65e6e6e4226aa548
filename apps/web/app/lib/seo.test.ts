import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageTitle, titleFromPath } from './seo';

describe('titleFromPath', () => {
  it('capitalises the last segment and turns dashes into spaces', () => {
    expect(titleFromPath('/what-we-stand-for')).toBe('What We Stand For');
    expect(titleFromPath('/menus/toddler-meals/')).toBe('Toddler Meals');
    expect(titleFromPath('/onboarding/forgot-password')).toBe('Forgot Password');
  });

  it('is empty for the home page', () => {
    expect(titleFromPath('/')).toBe('');
  });
});

describe('pageTitle', () => {
  it('puts the site name after a separator', () => {
    expect(pageTitle('Menus', 'Sprout & Spoon')).toBe('Menus - Sprout & Spoon');
    expect(pageTitle('', 'Sprout & Spoon')).toBe('Sprout & Spoon');
  });
});

describe('canonicalUrl', () => {
  it('joins the site URL and the route path', () => {
    expect(canonicalUrl('https://shop.example.com/', '/menus/purees/')).toBe(
      'https://shop.example.com/menus/purees',
    );
    expect(canonicalUrl('http://localhost:3000', '/')).toBe('http://localhost:3000/');
  });
});
