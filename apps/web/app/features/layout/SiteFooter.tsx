import { Link, useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { Logo } from './Logo';

const companyLinks = [
  { to: '/what-we-stand-for', label: 'What we stand for' },
  { to: '/food-nutrition', label: 'Food & nutrition' },
  { to: '/packaging', label: 'Packaging' },
  { to: '/blog/', label: 'Blog' },
];
const helpLinks = [
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact us' },
  { to: '/gift-cards', label: 'Gift cards' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy-policy', label: 'Privacy policy' },
];

export function SiteFooter() {
  const root = useRouteLoaderData<RootData>('root');
  const siteName = root?.site.name ?? 'Sprout & Spoon';
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>Organic meals and snacks for little ones, cooked by chefs and delivered to your door.</p>
        </div>
        <nav aria-label="Menus">
          <h2>Menus</h2>
          <ul>
            {(root?.menus ?? []).map((menu) => (
              <li key={menu.slug}>
                <Link to={`/menus/${menu.slug}/`}>{menu.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2>Company</h2>
          <ul>
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2>Help</h2>
          <ul>
            {helpLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        © {root?.year} {siteName}. Delivering across the USA.
      </p>
    </footer>
  );
}
