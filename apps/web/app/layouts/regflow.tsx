import { Outlet } from 'react-router';
import { SiteHeader } from '../features/layout/SiteHeader';

/** The registration flow: a slim header and nothing to wander off to. */
export default function RegflowLayout() {
  return (
    <div className="layout layout--regflow" data-layout="regflow-new">
      <SiteHeader variant="slim" />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
    </div>
  );
}
