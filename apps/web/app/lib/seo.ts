/** "toddler-meals" → "Toddler Meals": the title a route gets when it names none. */
export function titleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last) return '';
  return decodeURIComponent(last)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Title template: the page, then the site name after a separator. */
export function pageTitle(title: string, siteName: string): string {
  return title ? `${title} - ${siteName}` : siteName;
}

/** Canonical link: the site URL plus the route path, without a trailing slash (except the root). */
export function canonicalUrl(siteUrl: string, pathname: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  const path = pathname === '/' ? '/' : pathname.replace(/\/+$/, '');
  return `${base}${path}`;
}
