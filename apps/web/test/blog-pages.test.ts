import { BLOG_PAGE_SIZE, SEARCH_UNAVAILABLE_MESSAGE } from '@sprout/contracts';
import { isDatabaseUnavailable, schema } from '@sprout/db';
import { demoBlogPosts } from '@sprout/db/seed';
import { eq, inArray } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../api/test/helpers';
import { createServerApiClient, inProcessTransport } from '../app/lib/api-client.server';
import { inProcessCatalogue } from '../app/lib/catalogue.server';
import { loader as blogLoader } from '../app/routes/blog';
import { loader as categoryLoader } from '../app/routes/blog.category';
import { loader as postLoader } from '../app/routes/blog.post';
import { loader as rssLoader } from '../app/routes/blog.rss';
import { loader as searchLoader } from '../app/routes/blog.search';
import { loader as robotsLoader } from '../app/routes/robots';
import { loader as sitemapLoader } from '../app/routes/sitemap';

/**
 * The blog's pages, feed, sitemap and robots.txt, through their loaders against the real API
 * in-process (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 */
const SITE = {
  url: 'http://localhost:3000',
  name: 'Sprout & Spoon',
  accountUrl: 'http://localhost:3000/account',
  adminUrl: 'http://localhost:3000/admin',
  socialProviders: [],
  demo: false,
};

let context: TestContext;
beforeAll(async () => {
  context = await startTestApp();
});
afterAll(() => context.close());

function args(
  path: string,
  params: Record<string, string> = {},
  api?: Partial<ReturnType<typeof createServerApiClient>>,
  // biome-ignore lint/suspicious/noExplicitAny: each loader's own argument type; the tests pass what React Router would
): any {
  const request = new Request(`${SITE.url}${path}`);
  const client = createServerApiClient(inProcessTransport(context.app), request);
  return {
    request,
    params,
    context: {
      api: { ...client, ...api },
      catalogue: inProcessCatalogue(context.app.catalogue, isDatabaseUnavailable),
      site: SITE,
      cspNonce: '',
    },
  };
}

/** What a loader threw: a Response (redirect) or React Router's data() with a status. */
async function thrownStatus(run: () => unknown): Promise<number> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error.status;
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw error;
  }
  throw new Error('the loader did not throw');
}

const newestFirst = [...demoBlogPosts].sort((a, b) => a.daysAgo - b.daysAgo);
const featured = newestFirst.find((post) => post.featured)!;
const listed = newestFirst.filter((post) => post !== featured);
const lastPage = Math.ceil(listed.length / BLOG_PAGE_SIZE);

describe('blog list pages', () => {
  it('/blog/ leads with the featured post, then nine newest posts', async () => {
    const page = await blogLoader(args('/blog/'));
    expect(page.featured?.slug).toBe(featured.slug);
    expect(page.posts.map((post) => post.slug)).toEqual(
      listed.slice(0, BLOG_PAGE_SIZE).map((post) => post.slug),
    );
    expect(page.seo.image).toBe(page.featured?.hero.large);
  });

  it('/blog/page/2 has the next nine, without the featured post', async () => {
    const page = await blogLoader(args('/blog/page/2', { number: '2' }));
    expect(page.featured).toBeNull();
    expect(page.posts.map((post) => post.slug)).toEqual(
      listed.slice(BLOG_PAGE_SIZE, 2 * BLOG_PAGE_SIZE).map((post) => post.slug),
    );
    expect(page.title).toBe('Blog, page 2');
  });

  it('answers 404 past the last page and for a page that is not a number; page 1 redirects', async () => {
    expect(await thrownStatus(() => blogLoader(args('/x', { number: String(lastPage + 1) })))).toBe(404);
    expect(await thrownStatus(() => blogLoader(args('/x', { number: 'two' })))).toBe(404);
    expect(await thrownStatus(() => blogLoader(args('/x', { number: '02' })))).toBe(404);
    expect(await thrownStatus(() => blogLoader(args('/x', { number: '1' })))).toBe(301);
  });

  it('/blog/category/{slug}/ lists that category only; unknown ones and pages past the last are 404', async () => {
    const page = await categoryLoader(args('/blog/category/recipes/', { slug: 'recipes' }));
    expect(page.posts.length).toBe(demoBlogPosts.filter((post) => post.category === 'recipes').length);
    expect(page.posts.every((post) => post.category.slug === 'recipes')).toBe(true);
    expect(page.seo.description).toBe(page.category.description);
    expect(await thrownStatus(() => categoryLoader(args('/x', { slug: 'gossip' })))).toBe(404);
    expect(await thrownStatus(() => categoryLoader(args('/x', { slug: 'recipes', number: '2' })))).toBe(404);
  });
});

describe('a blog category past its first page', () => {
  it('/blog/category/{slug}/page/2/ lists what the first page leaves, titled as page 2', async () => {
    const recipes = demoBlogPosts.filter((post) => post.category === 'recipes').length;
    const [category] = await context.database.db
      .select()
      .from(schema.blogCategories)
      .where(eq(schema.blogCategories.slug, 'recipes'));
    // The demo categories fit on one page: enough older posts for a second one, then gone again.
    const extra = BLOG_PAGE_SIZE + 1 - recipes;
    const slugs = Array.from({ length: extra }, (_, index) => `page-two-recipe-${index}`);
    await context.database.db.insert(schema.blogPosts).values(
      slugs.map((slug, index) => ({
        slug,
        title: `An older recipe ${index}`,
        excerpt: 'From the archive.',
        body: 'From the archive.',
        categoryId: category?.id as number,
        authorName: 'Test',
        heroImage: '/media/blog/none',
        heroAlt: 'A bowl',
        publishedAt: new Date(Date.UTC(2001, 0, 1 + index)),
      })),
    );
    await context.app.catalogue.changed();
    try {
      const page = await categoryLoader(
        args('/blog/category/recipes/page/2/', { slug: 'recipes', number: '2' }),
      );
      expect(page.title).toBe(`${page.category.name}, page 2`);
      expect(page.pagination).toMatchObject({
        current_page: 2,
        total_pages: 2,
        count: 1,
        total: BLOG_PAGE_SIZE + 1,
      });
      expect(page.posts.map((post) => post.slug)).toEqual(['page-two-recipe-0']);
    } finally {
      await context.database.db.delete(schema.blogPosts).where(inArray(schema.blogPosts.slug, slugs));
      await context.app.catalogue.changed();
    }
  });
});

describe('blog post page', () => {
  it('has the article, its dishes priced, structured data and neighbours', async () => {
    const page = await postLoader(args(`/blog/${featured.slug}/`, { slug: featured.slug }));
    expect(page.post.title).toBe(featured.title);
    expect(page.products.map((product) => product.slug)).toEqual(featured.products);
    expect(page.products[0]?.price.price).toBeGreaterThan(0);
    const [article, breadcrumbs] = page.seo.jsonLd as Record<string, unknown>[];
    expect(article).toMatchObject({ '@type': 'Article', headline: featured.title });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(page.seo.type).toBe('article');
  });

  it('answers 404 for an unknown post', async () => {
    expect(await thrownStatus(() => postLoader(args('/blog/nope/', { slug: 'nope' })))).toBe(404);
  });
});

describe('blog search page', () => {
  it('finds a word of one post’s body first, with a highlighted snippet', async () => {
    const page = await searchLoader(args('/blog/search/?q=aquafaba'));
    if (page.mode !== 'page') throw new Error('expected the page');
    expect(page.results?.[0]?.slug).toBe('overnight-oats-three-ways');
    expect(page.results?.[0]?.snippet).toContain('<mark>aquafaba</mark>');
    expect(page.unavailable).toBe(false);
  });

  it('suggests a few titles while typing', async () => {
    const answer = await searchLoader(args('/blog/search/?q=smooth&suggest=1'));
    if (answer.mode !== 'suggest') throw new Error('expected suggestions');
    expect(answer.suggestions.length).toBeGreaterThan(0);
    expect(answer.suggestions.length).toBeLessThanOrEqual(5);
  });

  it('shows a calm message and the latest posts when the search service does not answer', async () => {
    const hanging = { fetchRaw: () => new Promise<Response>(() => {}) };
    const started = Date.now();
    const page = await searchLoader(args('/blog/search/?q=iron', {}, hanging));
    if (page.mode !== 'page') throw new Error('expected the page');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(page.unavailable).toBe(true);
    expect(page.results).toBeNull();
    expect(page.latest).toHaveLength(BLOG_PAGE_SIZE);
    expect(SEARCH_UNAVAILABLE_MESSAGE).toMatch(/latest posts/);
  });

  it('shows the latest posts when the network fails', async () => {
    const failing = { fetchRaw: () => Promise.reject(new TypeError('fetch failed')) };
    const page = await searchLoader(args('/blog/search/?q=iron', {}, failing));
    if (page.mode !== 'page') throw new Error('expected the page');
    expect(page.unavailable).toBe(true);
    expect(page.latest.length).toBeGreaterThan(0);
  });
});

describe('feeds for machines', () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  it('/blog/rss.xml is valid RSS 2.0 with the newest posts', async () => {
    const response = await rssLoader(args('/blog/rss.xml'));
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const { rss } = parser.parse(xml);
    expect(rss['@_version']).toBe('2.0');
    const { channel } = rss;
    for (const field of ['title', 'link', 'description']) expect(channel[field]).toBeTruthy();
    expect(channel['atom:link']['@_rel']).toBe('self');
    expect(channel.item[0].title).toBe(newestFirst[0]!.title);
    for (const item of channel.item) {
      expect(item.link).toMatch(/^http:\/\/localhost:3000\/blog\/[a-z0-9-]+\/$/);
      expect(item.guid['#text']).toBe(item.link);
      // RFC 822 dates, as RSS 2.0 requires.
      expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    }
  });

  it('/sitemap.xml is a valid urlset with pages, menus, products, posts and categories', async () => {
    const response = await sitemapLoader(args('/sitemap.xml'));
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const { urlset } = parser.parse(xml);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs: string[] = urlset.url.map((entry: { loc: string }) => entry.loc);
    for (const path of [
      '/',
      '/faq',
      '/menus',
      '/menus/purees/',
      '/blog/',
      '/blog/category/recipes/',
      `/blog/${featured.slug}/`,
    ])
      expect(locs).toContain(`http://localhost:3000${path}`);
    expect(locs.filter((loc) => loc.includes('?product=')).length).toBeGreaterThanOrEqual(40);
    expect(new Set(locs).size).toBe(locs.length);
    for (const entry of urlset.url) {
      expect(entry.loc.length).toBeLessThan(2048);
      expect(Number.isNaN(Date.parse(entry.lastmod))).toBe(false);
    }
    expect(xml).not.toMatch(/\?product=[^<]*&(?!amp;)/);
  });

  it('/robots.txt keeps crawlers out of checkout, account, admin and dev paths and names the sitemap', async () => {
    const text = await (await robotsLoader(args('/robots.txt'))).text();
    for (const path of ['/onboarding/checkout', '/account', '/admin', '/dev/'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/blog/);
    expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
