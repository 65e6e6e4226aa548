import { data, Link, useLocation } from 'react-router';
import { titleFromPath } from '../lib/seo';
import type { Route } from './+types/upcoming';

/**
 * Screens whose features land in later issues (accounts, checkout, gift cards, blog). The route,
 * its layout, its title and its validity checks are real; the screen says plainly that it is not
 * open yet rather than pretending to work.
 */
export function loader({ params }: Route.LoaderArgs) {
  const number = (params as { number?: string }).number;
  if (number !== undefined && !/^[1-9]\d{0,5}$/.test(number)) throw data(null, { status: 404 });
  return null;
}

export default function UpcomingScreen() {
  const { pathname } = useLocation();
  return (
    <section className="upcoming">
      <h1>{titleFromPath(pathname) || 'Coming soon'}</h1>
      <p>This part of the store is not open yet. In the meantime, our menus are ready for you.</p>
      <Link className="button button--primary" to="/menus">
        Browse the menus
      </Link>
    </section>
  );
}
