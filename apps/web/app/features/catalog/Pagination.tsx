import type { PaginationMeta } from '@sprout/contracts';
import { Link, useLocation } from 'react-router';

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Previous / numbered / next links that keep the current filters. */
export function Pagination({ pagination }: { pagination: PaginationMeta }) {
  const { pathname, search } = useLocation();
  const { current_page: current, total_pages: totalPages } = pagination;
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, index) => index + 1);
  return (
    <nav className="pagination" aria-label="Pages">
      {current > 1 ? (
        <Link className="pagination__step" to={pageHref(pathname, search, current - 1)} rel="prev">
          ‹ Previous
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          ‹ Previous
        </span>
      )}
      <ol>
        {pages.map((page) => (
          <li key={page}>
            {page === current ? (
              <span aria-current="page">{page}</span>
            ) : (
              <Link to={pageHref(pathname, search, page)} aria-label={`Page ${page}`}>
                {page}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {current < totalPages ? (
        <Link className="pagination__step" to={pageHref(pathname, search, current + 1)} rel="next">
          Next ›
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
