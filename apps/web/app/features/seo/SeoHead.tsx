import { useMatches } from 'react-router';
import { absoluteUrl, canonicalUrl, DEFAULT_DESCRIPTION, jsonLdText, type PageSeo } from '../../lib/seo';

/** Shared when a page has no picture of its own: a rendered menu picture in link-preview size. */
export const DEFAULT_SHARE_IMAGE = '/media/menus/family-bowls/landing-desktop.webp';
/** The twitter card when a page names none. */
export const DEFAULT_TWITTER_CARD = 'summary_large_image';

type Match = ReturnType<typeof useMatches>[number];

function seoOf(match: Match): PageSeo {
  const data = match.loaderData as { seo?: unknown; description?: unknown } | undefined;
  const handle = match.handle as { seo?: PageSeo } | undefined;
  const fromData = typeof data?.seo === 'object' && data.seo !== null ? (data.seo as PageSeo) : {};
  const description =
    fromData.description ?? (typeof data?.description === 'string' ? data.description : undefined);
  return { ...handle?.seo, ...fromData, ...(description ? { description } : {}) };
}

/** The deepest route that says something wins, field by field. */
function usePageSeo(): PageSeo {
  const matches = useMatches();
  const seo: PageSeo = {};
  for (const match of [...matches].reverse()) {
    const own = seoOf(match);
    for (const [key, value] of Object.entries(own) as [keyof PageSeo, never][]) {
      if (seo[key] === undefined && value !== undefined) seo[key] = value;
    }
  }
  return seo;
}

/**
 * Description, canonical link, Open Graph and twitter tags and JSON-LD for the page. An error page
 * (404, 500) has no canonical address and is not to be indexed; robots.txt keeps crawlers out of
 * the personal and transactional screens.
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
  const seo = usePageSeo();
  const description = (!isError && seo.description) || DEFAULT_DESCRIPTION;
  const canonical = isError
    ? undefined
    : seo.canonicalPath
      ? absoluteUrl(siteUrl, seo.canonicalPath)
      : canonicalUrl(siteUrl, pathname);
  const image = absoluteUrl(siteUrl, seo.image ?? DEFAULT_SHARE_IMAGE);
  const properties: [string, string | undefined][] = [
    ['og:site_name', siteName],
    ['og:type', seo.type ?? 'website'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', canonical],
    ['og:image', image],
    ['og:image:alt', seo.imageAlt],
  ];
  const names: [string, string | undefined][] = [
    ['description', description],
    ['robots', isError ? 'noindex' : undefined],
    ['twitter:card', DEFAULT_TWITTER_CARD],
    ['twitter:title', title],
    ['twitter:description', description],
    ['twitter:image', image],
  ];
  return (
    <>
      {names.map(([name, content]) => (content ? <meta key={name} name={name} content={content} /> : null))}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      {properties.map(([property, content]) =>
        content ? <meta key={property} property={property} content={content} /> : null,
      )}
      {(isError ? [] : (seo.jsonLd ?? [])).map((item, index) => (
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
