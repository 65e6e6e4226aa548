import { useContext } from 'react';
import { preload } from 'react-dom';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * Asks for the page's stylesheets before its scripts. `<Links />` renders them where it stands in
 * the head, but React writes the head's hoisted links (the route modules' modulepreloads from
 * `<Scripts />`, a dozen of them) before the head's own children, so the stylesheet the first paint
 * waits for was the last request of the head, queued behind the scripts on HTTP/1.1's six
 * connections. A preload is written before those: only the hero pictures come first (decision 031).
 * In the browser the stylesheets are in the page already, and this does nothing.
 */
export function StylesheetPreloads() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (framework) {
    for (const match of matches) {
      for (const href of framework.manifest.routes[match.id]?.css ?? []) preload(href, { as: 'style' });
    }
  }
  return null;
}
