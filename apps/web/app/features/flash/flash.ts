/** A flash event's detail: type, message, duration. */
export type FlashType = 'success' | 'error';
export type FlashDetail = { type: FlashType; message: string; duration?: number };

export const FLASH_EVENT = 'sprout:flash';
/** Toasts last 3000 ms unless told otherwise; a cart-add error lasts 4000 ms. */
export const DEFAULT_FLASH_DURATION = 3000;
export const CART_ADD_ERROR_DURATION = 4000;

/** Shows a toast from anywhere (components, actions): the FlashRegion listens for this event. */
export function showFlash(detail: FlashDetail): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<FlashDetail>(FLASH_EVENT, { detail }));
}
