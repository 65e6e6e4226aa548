import type { PaginationMeta } from '@sprout/contracts';
import { Link } from 'react-router';
import { visiblePages } from '../catalog/Pagination';

/** Pages of the blog live at their own paths (/blog/page/2, /blog/category/x/page/2/), not in a query. */
export function BlogPagination({
  pagination,
  pathOf,
}: {
  pagination: PaginationMeta;
  pathOf: (page: number) => string;
}) {
  const { current_page: current, total_pages: total } = pagination;
  if (total <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {current > 1 ? (
        <Link className="pagination__step" to={pathOf(current - 1)} rel="prev">
          ‹ Newer posts
        </Link>
      ) : null}
      <ol>
        {visiblePages(current, total).map((page, index) => (
          <li key={page === 'gap' ? `gap-${index}` : page}>
            {page === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : page === current ? (
              <span aria-current="page">
                <span className="visually-hidden">Page </span>
                {page}
              </span>
            ) : (
              <Link to={pathOf(page)} aria-label={`Page ${page}`}>
                {page}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {current < total ? (
        <Link className="pagination__step" to={pathOf(current + 1)} rel="next">
          Older posts ›
        </Link>
      ) : null}
    </nav>
  );
}
