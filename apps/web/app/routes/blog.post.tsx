import { Link } from 'react-router';
import { BlogNav } from '../features/blog/BlogNav';
import { loadCategories, loadPost, loadPostProducts } from '../features/blog/blog.server';
import { PostGrid } from '../features/blog/PostCard';
import { PostMeta } from '../features/blog/PostMeta';
import { ProductCard } from '../features/catalog/ProductCard';
import { heroSrcSet, useMediaVersion, versionedMedia } from '../features/media/media';
import { absoluteUrl, breadcrumbList } from '../lib/seo';
import type { Route } from './+types/blog.post';

/** Prices of the article's dishes follow the cart's plan and code: re-read only when those change. */
export { revalidateOnPriceChange as shouldRevalidate } from '../features/cart/useCart';

/** /blog/{slug}/: the article, its dishes with add-to-box controls, related posts and neighbours. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Warm, all three come from the API's cache (decision 028): the post and the categories cost no
  // statement, the dishes none without a cart (the cart's pricing row with one).
  const [post, categories] = await Promise.all([
    loadPost(context.catalogue, params.slug ?? ''),
    loadCategories(context.catalogue),
  ]);
  const products = await loadPostProducts(context.catalogue, context.api, request, post.product_slugs);
  const site = context.site.url;
  const url = absoluteUrl(site, `/blog/${post.slug}/`);
  return {
    title: post.title,
    post,
    products,
    categories,
    seo: {
      description: post.excerpt,
      image: post.hero.large,
      imageAlt: post.hero.alt,
      type: 'article' as const,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: post.title,
          description: post.excerpt,
          image: [absoluteUrl(site, post.hero.large)],
          datePublished: post.published_at,
          dateModified: post.updated_at,
          author: { '@type': 'Person', name: post.author },
          publisher: {
            '@type': 'Organization',
            name: context.site.name,
            logo: { '@type': 'ImageObject', url: absoluteUrl(site, '/icons/icon-512.png') },
          },
          mainEntityOfPage: { '@type': 'WebPage', '@id': url },
          articleSection: post.category.name,
          keywords: post.tags.join(', '),
        },
        breadcrumbList(site, [
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog/' },
          { name: post.category.name, path: `/blog/category/${post.category.slug}/` },
          { name: post.title, path: `/blog/${post.slug}/` },
        ]),
      ],
    },
  };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, products, categories } = loaderData;
  const mediaVersion = useMediaVersion();
  return (
    <div className="blog blog--post">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/blog/">Blog</Link>
          </li>
          <li>
            <Link to={`/blog/category/${post.category.slug}/`}>{post.category.name}</Link>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <article className="post" aria-labelledby="post-title">
        <header className="post__header">
          <p className="eyebrow">{post.category.name}</p>
          <h1 id="post-title">{post.title}</h1>
          <p className="post__excerpt">{post.excerpt}</p>
          <PostMeta post={post} withAuthor />
        </header>
        <img
          className="post__hero"
          src={versionedMedia(post.hero.large, mediaVersion)}
          srcSet={heroSrcSet(post.hero, mediaVersion)}
          sizes="(min-width: 1024px) 800px, 100vw"
          width={1200}
          height={800}
          alt={post.hero.alt}
          fetchPriority="high"
        />
        {/* Rendered from Markdown and sanitised by the API (an allowlist of tags and attributes). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the blog API */}
        <div className="post__body" dangerouslySetInnerHTML={{ __html: post.body_html }} />
        {post.tags.length > 0 ? (
          <ul className="post__tags" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </article>

      {products.length > 0 ? (
        <section className="post__products" aria-labelledby="post-products">
          <h2 id="post-products">From this post to your box</h2>
          <ul className="product-grid">
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <nav className="post__neighbours" aria-label="More posts">
        {post.previous ? (
          <Link to={`/blog/${post.previous.slug}/`} rel="prev" className="post__neighbour">
            <span className="post__neighbour-label">Previous post</span>
            <span>{post.previous.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {post.next ? (
          <Link to={`/blog/${post.next.slug}/`} rel="next" className="post__neighbour post__neighbour--next">
            <span className="post__neighbour-label">Next post</span>
            <span>{post.next.title}</span>
          </Link>
        ) : null}
      </nav>

      {post.related.length > 0 ? (
        <section className="post__related" aria-labelledby="related-posts">
          <h2 id="related-posts">You might also like</h2>
          <PostGrid posts={post.related} headingLevel={3} />
        </section>
      ) : null}
      <BlogNav categories={categories} />
    </div>
  );
}
