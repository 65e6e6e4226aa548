import { Outlet } from 'react-router';
import { SiteFooter } from '../features/layout/SiteFooter';
import { SiteHeader } from '../features/layout/SiteHeader';

/** Menus and checkout: full-width content with room for the cart panel beside it on desktops. */
export default function MenuPageLayout() {
  return (
    <div className="layout layout--menu-page" data-layout="menu-page-default">
      <SiteHeader />
      <main id="main" className="layout__main layout__main--wide">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
