import { endpoints } from '@sprout/contracts';
import { readMenuStock } from '../features/catalog/menu-stock.server';
import { type SitemapEntry, sitemapXml } from '../features/seo/feeds';
import { absoluteUrl } from '../lib/seo';
import type { Route } from './+types/sitemap';

/**
 * The store's pages, menus and dishes change with a deploy (and the catalogue seeded with it), so
 * their lastmod is the moment this server started; blog addresses carry their posts' own dates.
 */
const SERVED_SINCE = new Date().toISOString();

const PAGES = [
  '/',
  '/how-it-works',
  '/menus',
  '/gift-cards',
  '/faq',
  '/contact-us',
  '/food-nutrition',
  '/packaging',
  '/what-we-stand-for',
  '/privacy-policy',
  '/terms',
];

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.site.url;
  // Every dish: the stock of all the menus, read as any menu's is.
  const [menus, products, blog] = await Promise.all([
    context.api.read(endpoints.catalog.menus),
    readMenuStock(context.catalogue, {}),
    context.api.read(endpoints.blog.sitemap),
  ]);
  const entries: SitemapEntry[] = [
    ...PAGES.map((path) => ({ loc: absoluteUrl(site, path), lastmod: SERVED_SINCE })),
    ...menus.data.map((menu) => ({ loc: absoluteUrl(site, `/menus/${menu.slug}/`), lastmod: SERVED_SINCE })),
    ...products.map((product) => ({
      loc: absoluteUrl(site, `/menus?product=${encodeURIComponent(product.slug)}`),
      lastmod: SERVED_SINCE,
    })),
    ...blog.data.map((entry) => ({ loc: absoluteUrl(site, entry.path), lastmod: entry.updated_at })),
  ];
  return new Response(sitemapXml(entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
