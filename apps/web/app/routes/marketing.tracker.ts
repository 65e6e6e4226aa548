import { data } from 'react-router';
import { installTracker } from '../features/marketing/tracker';

/**
 * The marketing tracker's client module (decision 026). It is a route module only so that the
 * server knows its built URL (the build's route manifest) and the page can load it with a plain
 * `<script type="module">` after the first paint: a dynamic import() would bring Vite's preload
 * helper into the /menus budget. The address itself is not a page.
 */
installTracker();

export function loader() {
  throw data(null, { status: 404 });
}
