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

/**
 * The address the site itself links to for a path, trailing slash included where the store's
 * links have one (spec section 2: /menus/{slug}/, /blog/, /blog/{slug}/, /blog/category/{slug}/…;
 * /blog/page/{n} has none). Any other path loses a trailing slash.
 */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  if (trimmed === '/blog' || trimmed === '/blog/search') return `${trimmed}/`;
  if (/^\/blog\/page\/[^/]+$/.test(trimmed)) return trimmed;
  if (/^\/blog\/category\/[^/]+(\/page\/[^/]+)?$/.test(trimmed)) return `${trimmed}/`;
  if (/^\/blog\/[^/]+$/.test(trimmed) && trimmed !== '/blog/rss.xml') return `${trimmed}/`;
  if (/^\/menus\/[^/]+$/.test(trimmed)) return `${trimmed}/`;
  return trimmed;
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
  /** schema.org objects, each rendered as one JSON-LD script. */
  jsonLd?: Record<string, unknown>[];
  /** Pages that should not be indexed (account, checkout…). */
  noindex?: boolean;
};

export const DEFAULT_DESCRIPTION =
  'Organic, chef-made meals and snacks for babies, toddlers and kids, delivered weekly. Pick a box of 12, 24 or 36, skip or pause anytime.';

/** Descriptions of the screens whose loaders name none, by route id (spec section 2 names). */
export const ROUTE_DESCRIPTIONS: Record<string, string> = {
  index: DEFAULT_DESCRIPTION,
  'how-it-works':
    'How Sprout & Spoon works: choose a plan, fill your box from the weekly menus and get it delivered chilled, on your schedule.',
  'gift-cards': 'Give a family the gift of cooked meals: Sprout & Spoon gift cards for organic kids’ food.',
  'gift-cards-index-old': 'Sprout & Spoon gift cards for organic kids’ meals and snacks.',
  'onboarding-plans': 'Choose a Sprout & Spoon box of 12, 24 or 36 organic meals and snacks per delivery.',
  'onboarding-signup': 'Create your Sprout & Spoon account and start filling your first box.',
  'onboarding-login': 'Log in to your Sprout & Spoon account to manage deliveries, plans and orders.',
  'onboarding-forgot-password': 'Reset the password of your Sprout & Spoon account.',
  'onboarding-reset-password': 'Choose a new password for your Sprout & Spoon account.',
  'onboarding-verification': 'Confirm it is you with the code we emailed.',
  'onboarding-checkout': 'Check out your Sprout & Spoon box: delivery address, schedule and payment.',
  'onboarding-checkout-success': 'Your Sprout & Spoon order is confirmed.',
  maintenance: 'Sprout & Spoon is down for a short maintenance and will be back soon.',
  reactivate: 'Restart your Sprout & Spoon subscription.',
  'cancellation-processing': 'Your Sprout & Spoon subscription change.',
  'offer-accepted-processing': 'Your Sprout & Spoon subscription change.',
  'pausing-processing': 'Your Sprout & Spoon subscription change.',
};

/** Route ids search engines should not index: personal and transactional screens. */
export function isPrivateRoute(routeId: string): boolean {
  return (
    routeId.startsWith('account') ||
    routeId.startsWith('onboarding-') ||
    routeId === 'reactivate' ||
    routeId.endsWith('-processing') ||
    routeId === 'maintenance'
  );
}

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
