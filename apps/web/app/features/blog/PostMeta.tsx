import type { BlogPostSummary } from '@sprout/contracts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatPostDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "March 3, 2026 · 4 min read": the date in a <time> machines can read. */
export function PostMeta({ post, withAuthor = false }: { post: BlogPostSummary; withAuthor?: boolean }) {
  return (
    <p className="post-meta">
      {withAuthor ? <span>By {post.author} · </span> : null}
      <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
      <span> · {post.reading_minutes} min read</span>
    </p>
  );
}
