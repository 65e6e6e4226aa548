import { readdirSync, statSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

/** The store's address by another name: the IP the server's own log prints. */
const byIp = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? 'http://localhost:3100');
  url.hostname = '127.0.0.1';
  return url.origin;
};

/** The bytes as they travel (fetch and Playwright would decode them). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test.describe('every response is protected', () => {
  for (const target of ['/menus', '/onboarding/checkout', '/no-such-page', '/api/products', '/api/nope']) {
    test(`security headers on ${target}`, async ({ request }) => {
      const response = await request.get(target, { maxRedirects: 0 });
      const headers = response.headers();
      const policy = headers['content-security-policy'] ?? '';
      expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Served over plain http here: no HSTS (it is sent when SITE_URL is https).
      expect(headers['strict-transport-security']).toBeUndefined();
    });
  }

  test('each page has its own nonce, and every inline script of the document carries it', async ({
    request,
  }) => {
    const [first, second] = await Promise.all([request.get('/menus'), request.get('/menus')]);
    const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
    const nonce = nonceOf(first.headers()['content-security-policy']);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce);
    const html = await first.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test('pages hydrate without a CSP violation (the fixture fails on console errors)', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/menus');
    await page.locator('.product-card').first().waitFor();
    await page.goto('/onboarding/plans');
    await expect(page.locator('[data-plan="plan-12"]')).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test.describe('compression and caching', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    test(`a page comes back ${encoding}-compressed and smaller`, async ({ baseURL }) => {
      const plain = await rawGet(`${baseURL}/menus`, 'identity');
      const packed = await rawGet(`${baseURL}/menus`, encoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      const unpacked = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(packed.body);
      expect(unpacked.toString()).toContain('</html>');
      expect(plain.body.length).toBeGreaterThan(20_000);
      expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    });
  }

  test('hashed assets are immutable for a year and served from their precompressed file', async ({
    request,
  }) => {
    const assets = path.join('apps/web/build/client/assets');
    const script = readdirSync(assets).find(
      (name) => name.endsWith('.js') && readdirSync(assets).includes(`${name}.br`),
    );
    expect(script, 'the build wrote precompressed twins').toBeTruthy();
    const response = await request.get(`/assets/${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers().vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers()['content-length'])).toBe(
      statSync(path.join(assets, `${script}.br`)).size,
    );
  });

  test('pictures are cached for a year at their versioned address only', async ({ page, request }) => {
    await page.goto('/');
    const hero = page.locator('img.hero__plate').first();
    // The largest pictures of the first screen are fetched first and not lazily.
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).not.toHaveAttribute('loading', 'lazy');
    await expect(hero).toHaveAttribute('sizes', /.+/);
    const src = await hero.getAttribute('src');
    expect(src).toMatch(/^\/media\/.+\.webp\?v=[0-9a-f]{12}$/);
    const versioned = await request.get(src ?? '');
    expect(versioned.status()).toBe(200);
    expect(versioned.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // The bare address (or an old version) may be re-rendered under the same name: a day only.
    for (const stale of [
      (src ?? '').replace(/\?v=.*$/, ''),
      (src ?? '').replace(/v=.*$/, 'v=000000000000'),
    ]) {
      const response = await request.get(stale);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('public, max-age=86400');
    }
  });
});

test.describe('demo mode', () => {
  test('every page says it is a demo store, above the content even at 320px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const target of ['/', '/menus', '/onboarding/plans']) {
      await page.goto(target);
      const ribbon = page.getByRole('note').filter({ hasText: 'Demo store: test cards only' });
      await expect(ribbon).toBeVisible();
      const ribbonBox = await ribbon.boundingBox();
      const bannerBox = await page.getByRole('banner').first().boundingBox();
      expect(ribbonBox && bannerBox && ribbonBox.y + ribbonBox.height <= bannerBox.y + 1).toBe(true);
      expect(ribbonBox?.width).toBeLessThanOrEqual(320);
    }
  });
});

test('the store opened by its IP address adds a product to the cart (same origin)', async ({
  page,
  baseURL,
}) => {
  const origin = byIp(baseURL);
  const email = `ip-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto(`${origin}/menus?email=${encodeURIComponent(email)}&zip=10001&plan=plan-12`);
  const progress = page.locator('#cart-panel .cart-progress__label');
  await expect(progress).toHaveText('0 of 12 items');
  const card = page.locator('.product-card').first();
  const name = ((await card.locator('.product-card__name').textContent()) ?? '').trim();
  await card.getByRole('button', { name: `Add ${name}` }).click();
  await expect(progress).toHaveText('1 of 12 items');
});
