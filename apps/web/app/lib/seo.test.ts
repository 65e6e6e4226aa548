import { describe, expect, it } from 'vitest';
import {
  breadcrumbList,
  canonicalPath,
  canonicalUrl,
  errorPageTitle,
  jsonLdText,
  pageTitle,
  titleFromPath,
} from './seo';

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

describe('errorPageTitle', () => {
  it('names a missing page the same whatever its path', () => {
    expect(pageTitle(errorPageTitle(404), 'Sprout & Spoon')).toBe('Page not found - Sprout & Spoon');
    expect(errorPageTitle(500)).toBe('Something went wrong');
  });
});

describe('pageTitle', () => {
  it('puts the site name after a separator', () => {
    expect(pageTitle('Menus', 'Sprout & Spoon')).toBe('Menus - Sprout & Spoon');
    expect(pageTitle('', 'Sprout & Spoon')).toBe('Sprout & Spoon');
  });
});

describe('canonicalUrl', () => {
  it('joins the site URL and the path as the site links to it', () => {
    expect(canonicalUrl('https://shop.example.com/', '/menus/purees/')).toBe(
      'https://shop.example.com/menus/purees/',
    );
    expect(canonicalUrl('http://localhost:3000', '/')).toBe('http://localhost:3000/');
  });

  it('spells every blog address the way the blog links to it', () => {
    expect(canonicalPath('/blog')).toBe('/blog/');
    expect(canonicalPath('/blog/')).toBe('/blog/');
    expect(canonicalPath('/blog/page/2/')).toBe('/blog/page/2');
    expect(canonicalPath('/blog/search')).toBe('/blog/search/');
    expect(canonicalPath('/blog/category/recipes')).toBe('/blog/category/recipes/');
    expect(canonicalPath('/blog/category/recipes/page/2')).toBe('/blog/category/recipes/page/2/');
    expect(canonicalPath('/blog/iron-for-toddlers')).toBe('/blog/iron-for-toddlers/');
    expect(canonicalPath('/menus/')).toBe('/menus');
    expect(canonicalPath('/menus/purees')).toBe('/menus/purees/');
    expect(canonicalPath('/faq/')).toBe('/faq');
  });
});

describe('structured data', () => {
  it('cannot close its script element', () => {
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });

  it('numbers breadcrumb items from 1 with absolute addresses', () => {
    const list = breadcrumbList('https://shop.example.com', [
      { name: 'Blog', path: '/blog/' },
      { name: 'Recipes', path: '/blog/category/recipes/' },
    ]);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Blog', item: 'https://shop.example.com/blog/' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Recipes',
        item: 'https://shop.example.com/blog/category/recipes/',
      },
    ]);
  });
});
