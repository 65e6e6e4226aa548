import { endpoints } from '@sprout/contracts';
import { Link, NavLink } from 'react-router';
import { AdminSearchList } from '../features/admin/AdminList';
import { requireAdmin } from '../features/admin/admin.server';
import type { Route } from './+types/admin.posts';

export const handle = { title: 'Blog · Admin' };

const STATUSES = [
  { value: 'draft', label: 'Drafts' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'published', label: 'Published' },
] as const;
type Status = (typeof STATUSES)[number]['value'];

/** /admin/posts?status=: the posts of one status (drafts first), newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const asked = new URL(request.url).searchParams.get('status');
  const status: Status = STATUSES.some((option) => option.value === asked) ? (asked as Status) : 'draft';
  const posts = await context.api.read(endpoints.adminBlog.posts, {
    query: {
      status,
      perPage: 100,
    },
  });
  return { status, posts: posts.data };
}

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { status, posts } = loaderData;
  const label = STATUSES.find((option) => option.value === status)!.label;
  return (
    <div className="admin-page">
      <h1>Blog</h1>
      <p>
        <Link to="/admin/posts/new" className="button">
          Write a post
        </Link>
      </p>
      <nav aria-label="Posts by status">
        <ul className="admin-tabs">
          {STATUSES.map((option) => (
            <li key={option.value}>
              <NavLink
                to={`/admin/posts?status=${option.value}`}
                aria-current={option.value === status ? 'page' : undefined}
              >
                {option.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <AdminSearchList
        empty={`No ${label.toLowerCase()}.`}
        caption={label}
        rows={posts}
        columns={[
          { header: 'Title', cell: (post) => <Link to={`/admin/posts/${post.id}`}>{post.title}</Link> },
          { header: 'Category', cell: (post) => post.category },
          {
            header: status === 'draft' ? 'Last edited' : status === 'scheduled' ? 'Goes live' : 'Published',
            cell: (post) => (post.published_at ?? post.updated_at).slice(0, 16).replace('T', ' '),
          },
        ]}
      />
    </div>
  );
}
