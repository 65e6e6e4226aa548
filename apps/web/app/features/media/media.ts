import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';

/** The rendered pictures' version from the root loader (see media-version.server.ts). */
export function useMediaVersion(): string | null {
  return useRouteLoaderData<RootData>('root')?.mediaVersion ?? null;
}

/** A /media picture's versioned address (cached for a year); any other address as it is. */
export function versionedMedia(uri: string, version: string | null): string {
  if (!version || !uri.startsWith('/media/')) return uri;
  return `${uri}${uri.includes('?') ? '&' : '?'}v=${version}`;
}

/** The 4:3 card renditions of a dish or menu picture, for `srcset` (400 and 600 pixels wide). */
export function cardSrcSet(
  uris: { 'meal-card-mobile': string; 'meal-card-desktop': string },
  version: string | null,
) {
  return `${versionedMedia(uris['meal-card-mobile'], version)} 400w, ${versionedMedia(uris['meal-card-desktop'], version)} 600w`;
}

/** A blog picture's three renditions (400, 600 and 1200 pixels wide), for `srcset`. */
export function heroSrcSet(hero: { small: string; medium: string; large: string }, version: string | null) {
  return `${versionedMedia(hero.small, version)} 400w, ${versionedMedia(hero.medium, version)} 600w, ${versionedMedia(hero.large, version)} 1200w`;
}
