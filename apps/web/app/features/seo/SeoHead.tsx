import { useMatches } from 'react-router';
import {
  absoluteUrl,
  canonicalUrl,
  DEFAULT_DESCRIPTION,
  isPrivateRoute,
  jsonLdText,
  type PageSeo,
  ROUTE_DESCRIPTIONS,
} from '../../lib/seo';

/** Shared when a page has no picture of its own: a rendered menu picture in link-preview size. */
export const DEFAULT_SHARE_IMAGE = '/media/menus/family-bowls/landing-desktop.webp';
/** Spec section 9: the default twitter card. */
export const DEFAULT_TWITTER_CARD = 'summary_large_image';

type Match = ReturnType<typeof useMatches>[number];

function seoOf(match: Match): PageSeo {
  const data = match.loaderData as { seo?: unknown; description?: unknown } | undefined;
  const handle = match.handle as { seo?: PageSeo } | undefined;
  const fromData = typeof data?.seo === 'object' && data.seo !== null ? (data.seo as PageSeo) : {};
  const description =
    fromData.description ??
    (typeof data?.description === 'string' ? data.description : undefined) ??
    handle?.seo?.description ??
    ROUTE_DESCRIPTIONS[match.id];
  return { ...handle?.seo, ...fromData, ...(description ? { description } : {}) };
}

/** The deepest route that says something wins, field by field. */
function usePageSeo(): { seo: PageSeo; routeId: string } {
  const matches = useMatches();
  const seo: PageSeo = {};
  for (const match of [...matches].reverse()) {
    const own = seoOf(match);
    for (const [key, value] of Object.entries(own) as [keyof PageSeo, never][]) {
      if (seo[key] === undefined && value !== undefined) seo[key] = value;
    }
  }
  return { seo, routeId: matches.at(-1)?.id ?? '' };
}

function homeStructuredData(siteUrl: string, siteName: string): Record<string, unknown>[] {
  const home = absoluteUrl(siteUrl, '/');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: siteName,
      url: home,
      logo: absoluteUrl(siteUrl, '/icons/icon-512.png'),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: siteName,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${absoluteUrl(siteUrl, '/blog/search/')}?q={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/**
 * Description, canonical link, Open Graph and twitter tags and JSON-LD for the page. An error page
 * (404, 500) has no canonical address and is not to be indexed.
 */
export function SeoHead({
  siteUrl,
  siteName,
  pathname,
  title,
  isError,
  nonce,
}: {
  siteUrl: string;
  siteName: string;
  pathname: string;
  title: string;
  isError: boolean;
  nonce: string | undefined;
}) {
  const { seo, routeId } = usePageSeo();
  const description = isError ? DEFAULT_DESCRIPTION : (seo.description ?? DEFAULT_DESCRIPTION);
  const canonical = canonicalUrl(siteUrl, pathname);
  const image = absoluteUrl(siteUrl, seo.image ?? DEFAULT_SHARE_IMAGE);
  const structured = isError
    ? []
    : [...(routeId === 'index' ? homeStructuredData(siteUrl, siteName) : []), ...(seo.jsonLd ?? [])];
  const noindex = isError || seo.noindex === true || isPrivateRoute(routeId);
  return (
    <>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {isError ? null : <link rel="canonical" href={canonical} />}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:type" content={seo.type ?? 'website'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {isError ? null : <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={image} />
      {seo.imageAlt ? <meta property="og:image:alt" content={seo.imageAlt} /> : null}
      <meta name="twitter:card" content={DEFAULT_TWITTER_CARD} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {structured.map((item, index) => (
        <script
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once per page
          key={index}
          type="application/ld+json"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (jsonLdText)
          dangerouslySetInnerHTML={{ __html: jsonLdText(item) }}
        />
      ))}
    </>
  );
}
