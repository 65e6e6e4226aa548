import { Outlet, useMatches } from 'react-router';
import { SiteFooter } from '../features/layout/SiteFooter';
import { SiteHeader } from '../features/layout/SiteHeader';
import '../features/blog/blog.css';

/** The blog family of layouts (default, slug, category, page-default): the layout id names the variant. */
export default function BlogLayout() {
  const matches = useMatches();
  const variant =
    matches.find((match) => match.id.startsWith('layout-blog'))?.id.replace('layout-', '') ?? 'blog-default';
  return (
    <div className="layout layout--blog" data-layout={variant}>
      <SiteHeader />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
