import {
  BLOG_SEARCH_LIMIT,
  BLOG_SEARCH_MAX_LENGTH,
  BLOG_SUGGESTION_LIMIT,
  type BlogSearchHit,
  endpoints,
  SEARCH_UNAVAILABLE_MESSAGE,
} from '@sprout/contracts';
import { Link } from 'react-router';
import { BlogNav } from '../features/blog/BlogNav';
import { loadCategories, loadPostList } from '../features/blog/blog.server';
import { PostGrid } from '../features/blog/PostCard';
import { PostMeta } from '../features/blog/PostMeta';
import { isSearchSuccess, type RawGet, searchBlog } from '../features/blog/search-client.server';
import type { Route } from './+types/blog.search';

/**
 * /blog/search/?q=: ranked results with highlighted snippets. `suggest=1` (the search box's
 * fetcher) answers only a few titles. When the search service fails or times out, the page says
 * so calmly and shows the latest posts instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get('q') ?? '').trim().slice(0, BLOG_SEARCH_MAX_LENGTH);
  const get: RawGet = (search, signal) =>
    context.api.fetchRaw(endpoints.blog.search, { query: search }, signal);

  if (params.has('suggest')) {
    const answer = query ? await searchBlog(get, query, { limit: BLOG_SUGGESTION_LIMIT }) : null;
    return {
      mode: 'suggest' as const,
      query,
      suggestions: answer && isSearchSuccess(answer) ? answer.content.data : [],
    };
  }

  const [categories, answer] = await Promise.all([
    loadCategories(context.catalogue),
    query ? searchBlog(get, query, { limit: BLOG_SEARCH_LIMIT }) : null,
  ]);
  const found = answer && isSearchSuccess(answer) ? answer.content : null;
  const unavailable = answer !== null && found === null;
  // Without a query, or without the search service, the latest posts are worth reading.
  const latest = !found ? (await loadPostList(context.api, { page: 1 })).data : [];
  return {
    mode: 'page' as const,
    title: query ? `Search results for “${query}”` : 'Search the blog',
    query,
    categories,
    results: found?.data ?? null,
    total: found?.meta.total ?? 0,
    unavailable,
    latest,
    seo: {
      description: query
        ? `Sprout & Spoon blog posts about ${query}: recipes, nutrition and feeding milestones.`
        : 'Search the Sprout & Spoon blog: recipes, nutrition advice and feeding milestones.',
    },
  };
}

function SearchResult({ hit }: { hit: BlogSearchHit }) {
  return (
    <article className="search-result" aria-labelledby={`result-${hit.id}`}>
      <p className="post-card__category">{hit.category.name}</p>
      <h2 id={`result-${hit.id}`} className="search-result__title">
        <Link to={`/blog/${hit.slug}/`}>{hit.title}</Link>
      </h2>
      {/* The API escaped the text and wrapped only the matches in <mark>. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped snippet from the blog API */}
      <p className="search-result__snippet" dangerouslySetInnerHTML={{ __html: hit.snippet }} />
      <PostMeta post={hit} />
    </article>
  );
}

export default function BlogSearchPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode !== 'page') return null;
  const { query, categories, results, total, unavailable, latest } = loaderData;
  return (
    <div className="blog">
      <header className="page-intro blog__intro">
        <h1>{query ? `Search results for “${query}”` : 'Search the blog'}</h1>
      </header>
      <BlogNav categories={categories} query={query} />
      {unavailable ? (
        <p className="notice notice--calm" role="status">
          {SEARCH_UNAVAILABLE_MESSAGE}
        </p>
      ) : null}
      {results !== null ? (
        <section aria-labelledby="search-results-count">
          <p id="search-results-count" className="search-results__count" role="status">
            {total === 0
              ? `No posts match “${query}”. Try another word, or browse a category.`
              : `${total} ${total === 1 ? 'post matches' : 'posts match'} “${query}”.`}
          </p>
          <ol className="search-results">
            {results.map((hit) => (
              <li key={hit.id}>
                <SearchResult hit={hit} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {latest.length > 0 ? (
        <section aria-labelledby="latest-posts">
          <h2 id="latest-posts" className="blog__section-title">
            Latest posts
          </h2>
          <PostGrid posts={latest} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
