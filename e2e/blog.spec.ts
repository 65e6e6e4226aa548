import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const email = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const cartButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Cart, \d+ items?$/ });

test('a reader browses the blog: the list, page 2, a category and a post', async ({ page }) => {
  await page.goto('/blog/');
  await expect(page.locator('body')).toHaveClass(/legacy-body/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Sprout & Spoon blog');
  const featured = page.getByRole('region', { name: 'Featured post' });
  await expect(featured.getByRole('link')).toHaveText('Five-minute lunchbox upgrades for picky eaters');
  await expect(page.locator('.blog__latest .post-card')).toHaveCount(9);

  await page.getByRole('link', { name: 'Older posts ›' }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Sprout & Spoon blog, page 2');
  await expect(page.locator('.post-card')).toHaveCount(9);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/page\/2$/);

  await page
    .getByRole('navigation', { name: 'Blog categories' })
    .getByRole('link', { name: 'Nutrition' })
    .click();
  await expect(page).toHaveURL(/\/blog\/category\/nutrition\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nutrition');
  await expect(page.locator('body')).toHaveClass(/legacy-body/);

  await page.getByRole('link', { name: 'Iron for toddlers: how much, and where to find it' }).click();
  await expect(page).toHaveURL(/\/blog\/iron-for-toddlers\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Iron for toddlers: how much, and where to find it',
  );
  await expect(page.locator('.post__body h2').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'You might also like' }).locator('.post-card')).toHaveCount(
    3,
  );
  await expect(page.getByRole('navigation', { name: 'More posts' }).getByRole('link')).toHaveCount(2);
  // Structured data follows client-side navigation too.
  await expect
    .poll(() => page.locator('script[type="application/ld+json"]').first().textContent())
    .toContain('"@type":"Article"');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
});

test('a reader adds a dish from a post to the box', async ({ page }) => {
  await page.goto(
    `/blog/five-minute-lunchbox-upgrades/?email=${encodeURIComponent(email('blog'))}&zip=10001&plan=plan-12`,
  );
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  const products = page.getByRole('region', { name: 'From this post to your box' });
  const card = products.locator('.product-card').first();
  const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
  await card.getByRole('button', { name: `Add ${name}` }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(card.getByRole('button', { name: `Add one ${name}` })).toBeVisible();
});

test('a reader searches: suggestions while typing, then ranked results with the word highlighted', async ({
  page,
}) => {
  await page.goto('/blog/');
  const box = page.getByRole('searchbox', { name: 'Search the blog' });
  const suggestions = page.getByRole('list', { name: 'Suggested posts' });
  // Suggestions come with the page's JavaScript: typed again until the page is hydrated.
  await expect(async () => {
    await box.fill('');
    await box.fill('aquaf');
    await expect(suggestions.getByRole('link')).toHaveText(['Overnight oats three ways for toddlers'], {
      timeout: 2_000,
    });
  }).toPass();

  await box.fill('aquafaba');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/blog\/search\/\?q=aquafaba$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “aquafaba”');
  const first = page.locator('.search-result').first();
  await expect(first.getByRole('heading')).toHaveText('Overnight oats three ways for toddlers');
  await expect(first.locator('mark')).toHaveText('aquafaba');
});

test.describe('pages that do not exist', () => {
  test.use({ allowConsoleErrors: [/404/] });

  test('an unknown post, category or page is a real 404 without a canonical link', async ({ page }) => {
    for (const path of ['/blog/no-such-post/', '/blog/category/gossip/', '/blog/page/99']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    }
  });
});

test('a dish opened on a menu names its own address and carries Product data with its offer and rating', async ({
  page,
  baseURL,
}) => {
  await page.goto('/menus/purees/?product=peach-oat-chia-puree');
  await expect(page.getByRole('dialog', { name: 'Peach, Oat & Chia' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/menus?product=peach-oat-chia-puree`,
  );
  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = data.map((text) => JSON.parse(text)).find((item) => item['@type'] === 'Product');
  expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' });
  expect(product.aggregateRating['@type']).toBe('AggregateRating');
});
