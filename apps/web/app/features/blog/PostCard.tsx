import type { BlogPostSummary } from '@sprout/contracts';
import { Link } from 'react-router';
import { heroSrcSet, useMediaVersion, versionedMedia } from '../media/media';
import { PostMeta } from './PostMeta';

/** A post in a list: picture, category, title (the link), excerpt and when it was published. */
export function PostCard({
  post,
  headingLevel = 2,
  featured = false,
  priority = false,
}: {
  post: BlogPostSummary;
  headingLevel?: 2 | 3;
  featured?: boolean;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const mediaVersion = useMediaVersion();
  return (
    <article
      className={`post-card${featured ? ' post-card--featured' : ''}`}
      aria-labelledby={`post-${post.id}`}
    >
      <div className="post-card__media">
        {/* The title is the link; the picture only decorates it. */}
        <img
          src={versionedMedia(featured ? post.hero.large : post.hero.medium, mediaVersion)}
          srcSet={heroSrcSet(post.hero, mediaVersion)}
          sizes={
            featured
              ? '(min-width: 1024px) 60vw, 100vw'
              : '(min-width: 1024px) 360px, (min-width: 768px) 45vw, 100vw'
          }
          width={featured ? 1200 : 600}
          height={featured ? 800 : 450}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          decoding="async"
        />
      </div>
      <div className="post-card__body">
        <p className="post-card__category">
          {featured ? <span className="post-card__flag">Featured · </span> : null}
          {post.category.name}
        </p>
        <Heading id={`post-${post.id}`} className="post-card__title">
          <Link to={`/blog/${post.slug}/`} className="post-card__link">
            {post.title}
          </Link>
        </Heading>
        <p className="post-card__excerpt">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}

export function PostGrid({ posts, headingLevel = 2 }: { posts: BlogPostSummary[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="post-grid">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
