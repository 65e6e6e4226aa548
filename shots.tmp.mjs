import { chromium } from '@playwright/test';
const BASE = 'http://localhost:3500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`); });
page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
async function mails() { const r = await page.request.get(`${BASE}/dev/mailbox/messages?to=demo@example.com`); return (await r.json()).data; }
const before = (await mails()).length;
await page.goto(`${BASE}/account/plan`);
console.log('after guard', page.url());
await page.getByLabel('Email address').fill('demo@example.com');
await page.getByLabel('Password', { exact: true }).fill('mealtime-demo');
await page.getByRole('button', { name: 'Log in' }).click();
await page.waitForURL(/verification/);
let code;
for (let i = 0; i < 40 && !code; i++) { const m = await mails(); if (m.length > before) code = m.find((x) => /sign-in code/.test(x.subject))?.subject.match(/\d{6}/)?.[0]; if (!code) await page.waitForTimeout(250); }
await page.getByLabel('6-digit code').fill(code);
await page.getByRole('button', { name: 'Verify and log in' }).click();
await page.waitForURL(/\/account/);
console.log('landed', page.url());
await context.storageState({ path: '/tmp/demo-state.json' });
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/account', '/account/deliveries', '/account/plan', '/account/orders', '/account/address', '/account/referrals', '/account/profile'];
for (const width of [390, 1280]) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  for (const path of pages) {
    const response = await page.goto(`${BASE}${path}`);
    await page.waitForLoadState('networkidle');
    const name = path.replace(/\//g, '_') || 'root';
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(width, path, response?.status(), 'scrollWidth', overflow);
  }
}
console.log('errors', errors);
await browser.close();
