import { BLOG_PAGE_SIZE } from '@sprout/contracts';
import { demoBlogCategories, demoBlogPosts } from '@sprout/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, injectJson, startTestApp, type TestContext } from './helpers';

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

/** Signs in with the emailed code (demo accounts): the session cookie. */
async function signIn(email: string, password: string): Promise<string> {
  const login = await injectJson(context.app, 'POST', '/auth', { email, password });
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

const newestFirst = [...demoBlogPosts].sort((a, b) => a.daysAgo - b.daysAgo);

describe('blog reads', () => {
  it('lists posts newest first, nine a page, with the page count', async () => {
    const { status, body } = await getJson(context.app, '/api/blog/posts');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(BLOG_PAGE_SIZE);
    expect(body.data.map((post: { slug: string }) => post.slug)).toEqual(
      newestFirst.slice(0, BLOG_PAGE_SIZE).map((post) => post.slug),
    );
    expect(body.meta.pagination).toMatchObject({
      total: demoBlogPosts.length,
      total_pages: Math.ceil(demoBlogPosts.length / BLOG_PAGE_SIZE),
    });
    expect(body.data[0].hero.large).toMatch(/^\/media\/blog\/[a-z0-9-]+\/landing-desktop\.webp$/);
    expect(body.data[0].reading_minutes).toBeGreaterThanOrEqual(1);
  });

  it('leaves the featured post out when asked, and answers it on its own', async () => {
    const featured = await getJson(context.app, '/api/blog/featured');
    expect(featured.body.data.slug).toBe(demoBlogPosts.find((post) => post.featured)?.slug);
    const rest = await getJson(context.app, '/api/blog/posts?exclude_featured=true&perPage=100');
    expect(rest.body.data).toHaveLength(demoBlogPosts.length - 1);
    expect(rest.body.data.some((post: { featured: boolean }) => post.featured)).toBe(false);
  });

  it('answers 404 past the last page and for an unknown category', async () => {
    const pages = Math.ceil(demoBlogPosts.length / BLOG_PAGE_SIZE);
    expect((await getJson(context.app, `/api/blog/posts?page=${pages}`)).status).toBe(200);
    expect((await getJson(context.app, `/api/blog/posts?page=${pages + 1}`)).status).toBe(404);
    expect((await getJson(context.app, '/api/blog/posts?category=gossip')).status).toBe(404);
    expect((await getJson(context.app, '/api/blog/categories/gossip')).status).toBe(404);
    expect((await getJson(context.app, '/api/blog/posts?page=0')).status).toBe(422);
  });

  it('filters by category and counts each category', async () => {
    const categories = await getJson(context.app, '/api/blog/categories');
    expect(categories.body.data.map((category: { slug: string }) => category.slug)).toEqual(
      demoBlogCategories.map((category) => category.slug),
    );
    for (const category of categories.body.data) {
      const expected = demoBlogPosts.filter((post) => post.category === category.slug).length;
      expect(category.post_count).toBe(expected);
      const posts = await getJson(context.app, `/api/blog/posts?category=${category.slug}&perPage=100`);
      expect(posts.body.data).toHaveLength(expected);
    }
  });

  it('answers one post with sanitised HTML, products, related posts and neighbours', async () => {
    const second = newestFirst[1]!;
    const { status, body } = await getJson(context.app, `/api/blog/posts/${second.slug}`);
    expect(status).toBe(200);
    expect(body.data.body_html).toContain('<h2>');
    expect(body.data.body_html).not.toContain('<script');
    expect(body.data.product_slugs).toEqual(second.products);
    expect(body.data.related).toHaveLength(3);
    expect(body.data.related.map((post: { slug: string }) => post.slug)).not.toContain(second.slug);
    expect(body.data.next).toEqual({ slug: newestFirst[0]!.slug, title: newestFirst[0]!.title });
    expect(body.data.previous).toEqual({ slug: newestFirst[2]!.slug, title: newestFirst[2]!.title });
    const newest = await getJson(context.app, `/api/blog/posts/${newestFirst[0]!.slug}`);
    expect(newest.body.data.next).toBeNull();
  });

  it('answers 404 for an unknown post', async () => {
    const { status, body } = await getJson(context.app, '/api/blog/posts/no-such-post');
    expect(status).toBe(404);
    expect(body.message).toBe('Blog post not found.');
  });

  it('lists every public blog address for the sitemap', async () => {
    const { body } = await getJson(context.app, '/api/blog/sitemap');
    const paths = body.data.map((entry: { path: string }) => entry.path);
    expect(paths).toContain('/blog/');
    expect(paths).toContain('/blog/category/recipes/');
    expect(paths).toContain(`/blog/${newestFirst[0]!.slug}/`);
    expect(paths).toHaveLength(1 + demoBlogCategories.length + demoBlogPosts.length);
  });
});

describe('blog search', () => {
  it('finds the one post whose body has the word first, with the word highlighted', async () => {
    const { status, body } = await getJson(context.app, '/api/blog/search?q=aquafaba');
    expect(status).toBe(200);
    expect(body.data[0].slug).toBe('overnight-oats-three-ways');
    expect(body.meta.total).toBe(1);
    expect(body.data[0].snippet).toContain('<mark>aquafaba</mark>');
    expect(body.data[0].snippet).not.toContain('](');
  });

  it('ranks title matches above body mentions and matches word stems', async () => {
    const { body } = await getJson(context.app, '/api/blog/search?q=Salmon');
    expect(body.data[0].slug).toBe('sheet-pan-salmon-cakes');
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data[0].rank).toBeGreaterThan(body.data.at(-1).rank);
    const stems = await getJson(context.app, '/api/blog/search?q=smoothies');
    expect(stems.body.data.map((hit: { slug: string }) => hit.slug)).toContain(
      'freezer-friendly-smoothie-packs',
    );
  });

  it('matches the last word as a prefix, for suggestions while typing', async () => {
    const { body } = await getJson(context.app, '/api/blog/search?q=aquaf&limit=5');
    expect(body.data[0].slug).toBe('overnight-oats-three-ways');
  });

  it('finds nothing (not an error) for input with nothing searchable, and is safe with any text', async () => {
    for (const q of ['', '!!!', "'; drop table blog_posts; --", '&|:*()', 'the']) {
      const { status, body } = await getJson(context.app, `/api/blog/search?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(Array.isArray(body.data)).toBe(true);
    }
  });
});

describe('admin posts', () => {
  let adminCookie = '';
  beforeAll(async () => {
    adminCookie = await signIn('admin@example.com', 'mealtime-admin');
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = adminCookie) =>
    context.app.inject({
      method,
      url,
      headers: {
        origin: 'http://localhost:3000',
        cookie,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  const draft = {
    title: 'Batch cooking for a busy week',
    slug: 'batch-cooking-busy-week',
    excerpt: 'Cook once on Sunday, eat well until Thursday.',
    body: '## Plan\n\nCook the grains first. The word zucchinification appears only here.',
    category: 'recipes',
    author_name: 'Chef Tomás Reyes',
    hero_alt: 'A pot of food',
    tags: ['batch cooking'],
    product_slugs: ['grass-fed-beef-ragu'],
  };

  it('refuses visitors (401) and customers (403)', async () => {
    expect((await asAdmin('GET', '/api/admin/posts', undefined, '')).statusCode).toBe(401);
    const customer = await signIn('demo@example.com', 'mealtime-demo');
    expect((await asAdmin('GET', '/api/admin/posts', undefined, customer)).statusCode).toBe(403);
  });

  it('creates a draft that readers cannot see, publishes it, schedules and unpublishes it', async () => {
    const created = await asAdmin('POST', '/api/admin/posts', draft);
    expect(created.statusCode).toBe(201);
    const post = created.json().data;
    expect(post).toMatchObject({
      status: 'draft',
      published_at: null,
      hero_image: '/media/blog/default/recipes',
    });
    expect((await getJson(context.app, `/api/blog/posts/${draft.slug}`)).status).toBe(404);
    expect((await getJson(context.app, '/api/blog/search?q=zucchinification')).body.data).toHaveLength(0);

    const published = await asAdmin('POST', `/api/admin/posts/${post.id}/publish`, {});
    expect(published.json().data.status).toBe('published');
    expect((await getJson(context.app, `/api/blog/posts/${draft.slug}`)).status).toBe(200);
    expect((await getJson(context.app, '/api/blog/search?q=zucchinification')).body.data[0].slug).toBe(
      draft.slug,
    );

    const later = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const scheduled = await asAdmin('POST', `/api/admin/posts/${post.id}/publish`, { published_at: later });
    expect(scheduled.json().data.status).toBe('scheduled');
    expect((await getJson(context.app, `/api/blog/posts/${draft.slug}`)).status).toBe(404);

    const edited = await asAdmin('PATCH', `/api/admin/posts/${post.id}`, { title: 'Batch cooking, sorted' });
    expect(edited.json().data.title).toBe('Batch cooking, sorted');

    const unpublished = await asAdmin('POST', `/api/admin/posts/${post.id}/unpublish`);
    expect(unpublished.json().data.status).toBe('draft');
    const drafts = await asAdmin('GET', '/api/admin/posts?status=draft');
    expect(drafts.json().data.map((item: { id: number }) => item.id)).toContain(post.id);
  });

  it('serves the list, the featured post and a category from the cache until a change or a scheduled post is due', async () => {
    const reads = [
      '/api/blog/posts',
      '/api/blog/posts?exclude_featured=true',
      '/api/blog/posts?category=news&page=1',
      '/api/blog/featured',
      '/api/blog/categories/news',
    ];
    const statements = async () => {
      const before = context.database.statements.count;
      const answers = await Promise.all(reads.map((url) => getJson(context.app, url)));
      return { count: context.database.statements.count - before, answers };
    };
    await statements();
    const warm = await statements();
    expect(warm.count).toBe(0);
    expect(warm.answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // Another page size is read every time: no client fills the cache with sizes nobody shows.
    const before = context.database.statements.count;
    await getJson(context.app, '/api/blog/posts?perPage=4');
    expect(context.database.statements.count - before).toBeGreaterThan(0);

    // A post published by the admin is listed at once (the write dropped the cache).
    const created = await asAdmin('POST', '/api/admin/posts', {
      ...draft,
      title: 'Listed at once',
      slug: 'listed-at-once',
      category: 'news',
    });
    const id = created.json().data.id as number;
    await asAdmin('POST', `/api/admin/posts/${id}/publish`, {});
    const newest = await getJson(context.app, '/api/blog/posts');
    expect(newest.body.data[0].slug).toBe('listed-at-once');
    const newsCount = async () =>
      (await getJson(context.app, '/api/blog/categories/news')).body.data.post_count;
    const countNow = await newsCount();

    // Scheduled 1.5 s ahead: cached without it, then listed at its time with no write to announce it.
    const at = Date.now() + 1500;
    await asAdmin('POST', `/api/admin/posts/${id}/unpublish`);
    await asAdmin('POST', `/api/admin/posts/${id}/publish`, { published_at: new Date(at).toISOString() });
    expect((await getJson(context.app, '/api/blog/posts')).body.data[0].slug).not.toBe('listed-at-once');
    expect(await newsCount()).toBe(countNow - 1);
    const clears = context.app.catalogue.cache.stats.clears;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
    expect((await getJson(context.app, '/api/blog/posts')).body.data[0].slug).toBe('listed-at-once');
    expect(await newsCount()).toBe(countNow);
    expect(context.app.catalogue.cache.stats.clears).toBe(clears);
    await asAdmin('POST', `/api/admin/posts/${id}/unpublish`);
  });

  it('answers 422 with the field for a taken slug, an unknown category or product', async () => {
    const taken = await asAdmin('POST', '/api/admin/posts', { ...draft, slug: 'iron-for-toddlers' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual(['Another post already uses this slug.']);
    const category = await asAdmin('POST', '/api/admin/posts', { ...draft, slug: 'x-1', category: 'gossip' });
    expect(category.json().errors.category).toBeDefined();
    const product = await asAdmin('POST', '/api/admin/posts', {
      ...draft,
      slug: 'x-2',
      product_slugs: ['nope'],
    });
    expect(product.json().errors.product_slugs).toBeDefined();
    const bad = await asAdmin('POST', '/api/admin/posts', { ...draft, slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(422);
    expect((await asAdmin('GET', '/api/admin/posts/999999')).statusCode).toBe(404);
  });

  it('previews Markdown as sanitised HTML', async () => {
    const preview = await asAdmin('POST', '/api/admin/posts/preview', { body: '# Hi\n\n<script>x</script>' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.html).toContain('<h2>Hi</h2>');
    expect(preview.json().data.html).not.toContain('<script>');
  });
});
