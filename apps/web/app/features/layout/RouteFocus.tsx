import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side move to another page, focus goes to its main heading (else to <main>), so
 * keyboard and screen-reader users start on the new page instead of on <body>. A change of the
 * search only (filters, a dish's dialog, a page of results) keeps focus where it is.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const target =
      document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
