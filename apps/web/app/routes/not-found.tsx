import { data } from 'react-router';

/**
 * Catch-all: unknown paths still match a route, so the root loader runs for them (maintenance
 * redirect, site name) before the root error boundary shows 'Page Not Found'.
 */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
