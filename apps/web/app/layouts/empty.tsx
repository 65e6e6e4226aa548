import { Outlet } from 'react-router';

export default function EmptyLayout() {
  return (
    <div className="layout layout--empty" data-layout="empty">
      <main id="main" className="layout__main layout__main--narrow">
        <Outlet />
      </main>
    </div>
  );
}
