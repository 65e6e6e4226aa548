import { Outlet } from 'react-router';
import { SiteHeader } from '../features/layout/SiteHeader';

export default function NoFooterLayout() {
  return (
    <div className="layout layout--no-footer" data-layout="no-footer">
      <SiteHeader />
      <main id="main" className="layout__main layout__main--narrow">
        <Outlet />
      </main>
    </div>
  );
}
