import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False while the server renders and the page hydrates, true after: the form works either way.
 * Its own module so that pages needing only this flag do not bring conform and zod along.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
