import type { BlogCategory } from '@sprout/contracts';
import { NavLink } from 'react-router';
import { SearchBox } from './SearchBox';

/** The blog's own navigation: every category, and the search box. */
export function BlogNav({ categories, query }: { categories: BlogCategory[]; query?: string }) {
  return (
    <div className="blog-nav">
      <nav aria-label="Blog categories">
        <ul className="blog-nav__list">
          <li>
            <NavLink to="/blog/" end>
              All posts
            </NavLink>
          </li>
          {categories.map((category) => (
            <li key={category.slug}>
              <NavLink to={`/blog/category/${category.slug}/`}>{category.name}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SearchBox initialQuery={query ?? ''} />
    </div>
  );
}
