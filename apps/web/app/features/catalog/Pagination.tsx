import type { PaginationMeta } from '@sprout/contracts';
import { Link, useLocation } from 'react-router';

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** First, last and the pages around the current one; gaps become an ellipsis. */
export function visiblePages(current: number, total: number): (number | 'gap')[] {
  const wanted = new Set(
    [1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total),
  );
  const pages = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const page of pages) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && page - previous > 1) result.push('gap');
    result.push(page);
  }
  return result;
}

/** Previous / numbered / next links that keep the current filters. */
export function Pagination({ pagination }: { pagination: PaginationMeta }) {
  const { pathname, search } = useLocation();
  const { current_page: current, total_pages: totalPages } = pagination;
  if (totalPages <= 1) return null;
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
        {visiblePages(current, totalPages).map((page, index) => (
          <li key={page === 'gap' ? `gap-${index}` : page}>
            {page === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : page === current ? (
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
