import { Outlet } from 'react-router';
import { SiteFooter } from '../features/layout/SiteFooter';
import { SiteHeader } from '../features/layout/SiteHeader';

export default function CheckoutSuccessLayout() {
  return (
    <div className="layout layout--checkout-success" data-layout="checkout-page-success">
      <SiteHeader variant="slim" />
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
