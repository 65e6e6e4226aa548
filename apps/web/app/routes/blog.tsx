import { data } from 'react-router';
import { BlogNav } from '../features/blog/BlogNav';
import { BlogPagination } from '../features/blog/BlogPagination';
import { loadCategories, loadFeatured, loadPostList, pageFromParam } from '../features/blog/blog.server';
import { PostCard, PostGrid } from '../features/blog/PostCard';
import { listPagePath } from '../features/blog/paths';
import { breadcrumbList } from '../lib/seo';
import type { Route } from './+types/blog';

const BLOG_DESCRIPTION =
  'Recipes, nutrition advice and feeding milestones from the Sprout & Spoon kitchen and our dietitians.';

/** /blog/ and /blog/page/{number}: newest first, nine a page; the first page leads with the featured post. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = pageFromParam((params as { number?: string }).number, '/blog/');
  const [featured, list, categories] = await Promise.all([
    page === 1 ? loadFeatured(context.api) : null,
    loadPostList(context.api, { page, excludeFeatured: true }),
    loadCategories(context.catalogue),
  ]);
  if (page === 1 && !featured && list.data.length === 0) throw data(null, { status: 404 });
  const title = page === 1 ? 'Blog' : `Blog, page ${page}`;
  return {
    title,
    featured,
    posts: list.data,
    pagination: list.meta.pagination,
    categories,
    seo: {
      description: page === 1 ? BLOG_DESCRIPTION : `${BLOG_DESCRIPTION} Page ${page}.`,
      ...(featured ? { image: featured.hero.large, imageAlt: featured.hero.alt } : {}),
      jsonLd: [
        breadcrumbList(context.site.url, [
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog/' },
          ...(page > 1 ? [{ name: `Page ${page}`, path: listPagePath(null, page) }] : []),
        ]),
      ],
    },
  };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { featured, posts, pagination, categories } = loaderData;
  const page = pagination.current_page;
  return (
    <div className="blog">
      <header className="page-intro blog__intro">
        <h1>{page === 1 ? 'The Sprout & Spoon blog' : `The Sprout & Spoon blog, page ${page}`}</h1>
        <p>{BLOG_DESCRIPTION}</p>
      </header>
      <BlogNav categories={categories} />
      {featured ? (
        <section aria-label="Featured post" className="blog__featured">
          <PostCard post={featured} featured priority />
        </section>
      ) : null}
      <section aria-labelledby="latest-posts" className="blog__latest">
        <h2 id="latest-posts" className={page === 1 ? 'blog__section-title' : 'visually-hidden'}>
          {page === 1 ? 'Latest posts' : `Posts, page ${page}`}
        </h2>
        <PostGrid posts={posts} headingLevel={3} />
      </section>
      <BlogPagination pagination={pagination} pathOf={(number) => listPagePath(null, number)} />
    </div>
  );
}
