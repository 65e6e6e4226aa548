import type { Menu, ProductDetail } from '@sprout/contracts';
import { absoluteUrl, breadcrumbList } from '../../lib/seo';
import type { ContentPage } from '../content/pages';

/** A dish as schema.org Product: its price under the visitor's plan, in stock, and its rating. */
export function productJsonLd(siteUrl: string, product: ProductDetail): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, `/menus?product=${encodeURIComponent(product.slug)}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.excerpt,
    sku: product.sku,
    image: product.images.map((image) => absoluteUrl(siteUrl, image.uris['landing-desktop'])),
    brand: { '@type': 'Brand', name: 'Sprout & Spoon' },
    url,
    offers: {
      '@type': 'Offer',
      price: product.price.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
    },
    ...(product.rating_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.rating_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function menuBreadcrumbs(siteUrl: string, menu: Menu | null, product: ProductDetail | null) {
  return breadcrumbList(siteUrl, [
    { name: 'Home', path: '/' },
    { name: 'Menus', path: '/menus' },
    ...(menu ? [{ name: menu.name, path: `/menus/${menu.slug}/` }] : []),
    ...(product ? [{ name: product.name, path: `/menus?product=${encodeURIComponent(product.slug)}` }] : []),
  ]);
}

/** The FAQ page's questions as schema.org FAQPage. */
export function faqJsonLd(page: ContentPage): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: page.sections.map((section) => ({
      '@type': 'Question',
      name: section.heading,
      acceptedAnswer: { '@type': 'Answer', text: section.body },
    })),
  };
}

/** The home page's Organization and WebSite, with the blog search as the site's search action. */
export function homeJsonLd(siteUrl: string, siteName: string): Record<string, unknown>[] {
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
