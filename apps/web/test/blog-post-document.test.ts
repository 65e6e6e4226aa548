import { demoBlogPosts } from '@sprout/db/seed';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { injectJson, startTestApp, type TestContext } from '../../api/test/helpers';
import * as root from '../app/root';
import * as blogPost from '../app/routes/blog.post';
import { documentLoadContext, TEST_SITE } from './site';

/**
 * The blog post page as a document request makes it (the root's and the page's loaders; the blog
 * layout has none), against the real API in-process: what it costs, and that the cached published
 * content (decision 028) never shows an edit late or a scheduled post early.
 */

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

/** As apps/web/server.ts makes the load context: the in-process API, the catalogue's cache, experiments. */
async function loadDocument(slug: string) {
  vi.stubGlobal('__MAINTENANCE_MODE__', false);
  const request = new Request(`${TEST_SITE.url}/blog/${slug}/`);
  const load = documentLoadContext(context.app, request);
  const args = { request, context: load, params: { slug } } as never;
  const [, page] = await Promise.all([root.loader(args), blogPost.loader(args)]);
  return page;
}

async function statementsOf<T>(work: () => Promise<T>): Promise<{ count: number; result: T }> {
  const before = context.database.statements.count;
  const result = await work();
  return { count: context.database.statements.count - before, result };
}

/** The status a loader threw (React Router's data() with a status). */
async function thrownStatus(work: () => Promise<unknown>): Promise<number | undefined> {
  try {
    await work();
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

/** The newest post that shows dishes: the bench's case, the heaviest kind of article page. */
const newestWithDishes = [...demoBlogPosts]
  .sort((a, b) => a.daysAgo - b.daysAgo)
  .find((post) => post.products.length > 0)!;
const newest = [...demoBlogPosts].sort((a, b) => a.daysAgo - b.daysAgo)[0]!;

async function signInAdmin(): Promise<string> {
  const email = 'admin@example.com';
  const login = await injectJson(context.app, 'POST', '/auth', { email, password: 'mealtime-admin' });
  expect(login.statusCode).toBe(200);
  await context.app.mailer.worker.drain();
  const mails = await context.app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${email}` });
  const code = mails.json().data[0].subject.match(/^(\d{6}) /)[1];
  const verified = await injectJson(context.app, 'POST', '/auth/verification', {
    code,
    verificationId: login.json().verificationId,
  });
  return String([verified.headers['set-cookie']].flat()[0]).split(';')[0]!;
}

const asAdmin = (cookie: string, method: 'POST' | 'PATCH', url: string, payload: unknown = {}) =>
  context.app.inject({
    method,
    url,
    headers: { origin: TEST_SITE.url, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('the blog post document request', () => {
  it('costs no statement for an anonymous visitor once the post is cached, seven cold', async () => {
    await context.app.catalogue.changed();
    const cold = await statementsOf(() => loadDocument(newestWithDishes.slug));
    const warm = await statementsOf(() => loadDocument(newestWithDishes.slug));
    expect(warm.result.post.slug).toBe(newestWithDishes.slug);
    expect(warm.result.products.map((product) => product.slug)).toEqual(newestWithDishes.products);
    expect(warm.result.categories.length).toBeGreaterThan(0);
    // Warm, none (9 before on this counter; the bench README counted 16 with log_statement): the
    // experiments for the root's browser alone, the menus, the post (with body HTML, neighbours and
    // related), the categories with their counts and the post's dish cards all come from the
    // cache; no cart, session or marketing event is read or written for a visitor without cookies.
    expect(warm.count).toBe(0);
    // Cold (right after an admin write), 7: the baseline's 4 (the post with its category, and the
    // next scheduled publication; its neighbours and related posts in one statement; the
    // categories with counts; the dishes as cards, one statement for all), the experiments, and
    // the root's menus (categories, then menus with counts) refilled.
    expect(cold.count).toBe(7);
  });

  it('shows an admin edit at once, its Markdown rendered again', async () => {
    const cookie = await signInAdmin();
    const before = await loadDocument(newest.slug);
    await loadDocument(newest.slug);
    const edited = await asAdmin(cookie, 'PATCH', `/api/admin/posts/${before.post.id}`, {
      title: 'Edited while cached',
      body: 'A fresh **first** line.',
    });
    expect(edited.statusCode).toBe(200);
    const after = await loadDocument(newest.slug);
    expect(after.post.title).toBe('Edited while cached');
    expect(after.post.body_html).toContain('<strong>first</strong>');
    expect(after.post.body_html).not.toBe(before.post.body_html);
    // The API's route reads the same cache: it is fresh too.
    const answer = await context.app.inject({ method: 'GET', url: `/api/blog/posts/${newest.slug}` });
    expect(answer.json().data.title).toBe('Edited while cached');

    const unpublished = await asAdmin(cookie, 'POST', `/api/admin/posts/${before.post.id}/unpublish`);
    expect(unpublished.statusCode).toBe(200);
    expect(await thrownStatus(() => loadDocument(newest.slug))).toBe(404);
    expect((await asAdmin(cookie, 'POST', `/api/admin/posts/${before.post.id}/publish`)).statusCode).toBe(
      200,
    );
    expect((await loadDocument(newest.slug)).post.title).toBe('Edited while cached');
  });

  it('shows a scheduled post at its time, not before, with no write to announce it', async () => {
    const cookie = await signInAdmin();
    const created = await asAdmin(cookie, 'POST', '/api/admin/posts', {
      title: 'Scheduled while cached',
      slug: 'scheduled-while-cached',
      excerpt: 'Goes live on its own.',
      body: 'Soon.',
      category: 'news',
      author_name: 'Chef Tomás Reyes',
      hero_alt: 'A pot of food',
      tags: [],
      product_slugs: [],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const at = Date.now() + 1500;
    const scheduled = await asAdmin(cookie, 'POST', `/api/admin/posts/${id}/publish`, {
      published_at: new Date(at).toISOString(),
    });
    expect(scheduled.json().data.status).toBe('scheduled');

    // Cached after the schedule was written: the newest post has no next one yet.
    const early = await loadDocument(newest.slug);
    expect(early.post.next).toBeNull();
    const newsCount = (page: typeof early) => page.categories.find((c) => c.slug === 'news')?.post_count;
    const countBefore = newsCount(early);
    expect(await thrownStatus(() => loadDocument('scheduled-while-cached'))).toBe(404);
    expect((await statementsOf(() => loadDocument(newest.slug))).count).toBe(0);

    const clears = context.app.catalogue.cache.stats.clears;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
    const onTime = await loadDocument(newest.slug);
    expect(onTime.post.next?.slug).toBe('scheduled-while-cached');
    expect(newsCount(onTime)).toBe(countBefore! + 1);
    expect((await loadDocument('scheduled-while-cached')).post.title).toBe('Scheduled while cached');
    // The entries expired at the publication instant: nothing cleared the cache.
    expect(context.app.catalogue.cache.stats.clears).toBe(clears);
  });
});
