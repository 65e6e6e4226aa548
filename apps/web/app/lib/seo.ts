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

/**
 * The title of an error page: a missing page is "Page not found" whatever its path or its route's
 * title says (/blog/page/99 is not "99"); anything else that failed says so.
 */
export function errorPageTitle(status: number): string {
  return status === 404 ? 'Page not found' : 'Something went wrong';
}

/** Title template: the page, then the site name after a separator. */
export function pageTitle(title: string, siteName: string): string {
  return title ? `${title} - ${siteName}` : siteName;
}

/**
 * The address the site itself links to for a path, trailing slash included where the store's links
 * have one (/menus/{slug}/, /blog/, /blog/{slug}/, /blog/category/{slug}/…; /blog/page/{n} has
 * none). Any other path loses a trailing slash.
 */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  // /blog, /blog/search, /blog/{slug}, /blog/category/{slug}(/page/{n}) and /menus/{slug}; not /blog/page/{n}.
  const slashed =
    /^\/blog(\/search|\/category\/[^/]+(\/page\/[^/]+)?)?$|^\/(blog|menus)\/[^/]+$/.test(trimmed) &&
    !/^\/blog\/(page|rss\.xml)\b/.test(trimmed);
  return slashed ? `${trimmed}/` : trimmed;
}

/** Canonical link: the site URL plus the route path, as the site's own links spell it. */
export function canonicalUrl(siteUrl: string, pathname: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${canonicalPath(pathname)}`;
}

/** An absolute address on the site for a path or an already absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** What a page tells search engines and link previews; any route may give it in its loader data. */
export type PageSeo = {
  description?: string;
  /** The page's own picture (a path on the site or an absolute URL). */
  image?: string;
  imageAlt?: string;
  /** Open Graph type: an article for blog posts, a website otherwise. */
  type?: 'website' | 'article';
  /** The page's address when it is not its path (a dish's dialog: /menus?product={slug}). */
  canonicalPath?: string;
  /** schema.org objects, each rendered as one JSON-LD script. */
  jsonLd?: Record<string, unknown>[];
};

export const DEFAULT_DESCRIPTION =
  'Organic, chef-made meals and snacks for babies, toddlers and kids, delivered weekly. Pick a box of 12, 24 or 36, skip or pause anytime.';

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function breadcrumbList(
  siteUrl: string,
  items: { name: string; path: string }[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}
