import type { BlogCategory } from '@sprout/contracts';
import { data } from 'react-router';
import { BlogNav } from '../features/blog/BlogNav';
import { BlogPagination } from '../features/blog/BlogPagination';
import { loadCategories, loadPostList, pageFromParam } from '../features/blog/blog.server';
import { PostGrid } from '../features/blog/PostCard';
import { listPagePath } from '../features/blog/paths';
import { breadcrumbList } from '../lib/seo';
import type { Route } from './+types/blog.category';

/** /blog/category/{slug}/ and /blog/category/{slug}/page/{number}/: an unknown category is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug ?? '';
  const page = pageFromParam((params as { number?: string }).number, `/blog/category/${slug}/`);
  const categories = await loadCategories(context.catalogue);
  const category: BlogCategory | undefined = categories.find((candidate) => candidate.slug === slug);
  if (!category) throw data(null, { status: 404 });
  const list = await loadPostList(context.api, { page, category: slug });
  return {
    title: page === 1 ? category.name : `${category.name}, page ${page}`,
    category,
    categories,
    posts: list.data,
    pagination: list.meta.pagination,
    seo: {
      description: category.description,
      ...(list.data[0] ? { image: list.data[0].hero.large } : {}),
      jsonLd: [
        breadcrumbList(context.site.url, [
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog/' },
          { name: category.name, path: listPagePath(slug, 1) },
          ...(page > 1 ? [{ name: `Page ${page}`, path: listPagePath(slug, page) }] : []),
        ]),
      ],
    },
  };
}

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, categories, posts, pagination } = loaderData;
  const page = pagination.current_page;
  return (
    <div className="blog">
      <header className="page-intro blog__intro">
        <p className="eyebrow">Blog category</p>
        <h1>{page === 1 ? category.name : `${category.name}, page ${page}`}</h1>
        <p>{category.description}</p>
      </header>
      <BlogNav categories={categories} />
      <PostGrid posts={posts} />
      <BlogPagination pagination={pagination} pathOf={(number) => listPagePath(category.slug, number)} />
    </div>
  );
}
