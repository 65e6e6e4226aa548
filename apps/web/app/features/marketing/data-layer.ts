import { ANNOUNCEMENT_PREFIX, type Announcement, type DataLayerEvent } from './events';

declare global {
  interface Window {
    /** The configured data layer's name (DATA_LAYER_NAME), set by the tracker. */
    __sproutDataLayerName?: string;
  }
}

/** Pushes to the configured data layer (`dataLayer` unless configured). */
export function pushDataLayer(event: DataLayerEvent | Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const name = window.__sproutDataLayerName ?? 'dataLayer';
  const target = window as unknown as Record<string, unknown[] | undefined>;
  target[name] ??= [];
  target[name].push(event);
}

/** A DOM event a page script can listen to: `window.addEventListener('sprout:cart-change', …)`. */
export function announce(announcement: Announcement): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(
    new CustomEvent(`${ANNOUNCEMENT_PREFIX}${announcement.type}`, { detail: announcement.detail }),
  );
}
