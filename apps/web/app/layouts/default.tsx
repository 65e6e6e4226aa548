import { Outlet } from 'react-router';
import { SiteFooter } from '../features/layout/SiteFooter';
import { SiteHeader } from '../features/layout/SiteHeader';

export default function DefaultLayout() {
  return (
    <div className="layout" data-layout="default">
      <SiteHeader />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
