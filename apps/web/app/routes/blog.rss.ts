import { endpoints } from '@sprout/contracts';
import { rssXml } from '../features/seo/feeds';
import { absoluteUrl } from '../lib/seo';
import type { Route } from './+types/blog.rss';

const FEED_SIZE = 20;

/** /blog/rss.xml: the newest posts as RSS 2.0. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = context.site.url;
  const posts = await context.api.read(endpoints.blog.posts, { query: { perPage: FEED_SIZE } });
  const xml = rssXml({
    title: `${context.site.name} blog`,
    link: absoluteUrl(site, '/blog/'),
    selfLink: absoluteUrl(site, '/blog/rss.xml'),
    description: 'Recipes, nutrition advice and feeding milestones from the Sprout & Spoon kitchen.',
    items: posts.data.map((post) => ({
      title: post.title,
      link: absoluteUrl(site, `/blog/${post.slug}/`),
      description: post.excerpt,
      category: post.category.name,
      author: post.author,
      publishedAt: post.published_at,
    })),
  });
  return new Response(xml, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=900' },
  });
}
