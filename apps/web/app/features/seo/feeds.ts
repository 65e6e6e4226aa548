import { API_PREFIX, AUTH_PREFIX } from '@sprout/contracts';

/** XML text: the five characters XML reserves, escaped. */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

export type SitemapEntry = { loc: string; lastmod?: string | undefined };

/** A sitemaps.org 0.9 urlset; lastmod as a W3C date-time. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `\n    <lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''}\n  </url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export type FeedItem = {
  title: string;
  link: string;
  description: string;
  category: string;
  author: string;
  publishedAt: string;
};

/** RSS 2.0 with an atom:link to itself (what feed validators ask for). Dates in RFC 822 form. */
export function rssXml(channel: {
  title: string;
  link: string;
  selfLink: string;
  description: string;
  items: FeedItem[];
}): string {
  const newest = channel.items[0]?.publishedAt;
  const items = channel.items
    .map(
      (item) => `    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${escapeXml(item.link)}</link>
      <guid isPermaLink="true">${escapeXml(item.link)}</guid>
      <description>${escapeXml(item.description)}</description>
      <category>${escapeXml(item.category)}</category>
      <dc:creator>${escapeXml(item.author)}</dc:creator>
      <pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>
    </item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(channel.link)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>en-us</language>
    <atom:link href="${escapeXml(channel.selfLink)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
}

/** Paths crawlers should leave alone: checkout, the account site, admin, the dev tools and the API. */
export const DISALLOWED_PATHS = [
  '/onboarding/checkout',
  '/onboarding/verification',
  '/onboarding/reset-password',
  '/account',
  '/admin',
  '/dev/',
  `${API_PREFIX}/`,
  `${AUTH_PREFIX}/`,
  '/cart',
  '/reactivate',
  '/cancellation-processing',
  '/offer-accepted-processing',
  '/pausing-processing',
];

export function robotsTxt(siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return `User-agent: *\n${DISALLOWED_PATHS.map((path) => `Disallow: ${path}`).join('\n')}\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`;
}
