import { data } from 'react-router';
import { contentPages } from '../features/content/pages';
import { faqJsonLd } from '../features/seo/structured-data';
import type { Route } from './+types/content-page';

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.split('/').filter(Boolean)[0] ?? '';
  const page = contentPages[slug];
  if (!page) throw data(null, { status: 404 });
  // The FAQ's questions are also structured data (FAQPage), for search results.
  return {
    title: page.title,
    page,
    seo: { description: page.intro, ...(slug === 'faq' ? { jsonLd: [faqJsonLd(page)] } : {}) },
  };
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="content-page">
      <header className="page-intro">
        <h1>{page.title}</h1>
        <p>{page.intro}</p>
      </header>
      {page.sections.map((section) => (
        <section key={section.heading} className="content-page__section">
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}
