import { endpointPaths } from '@sprout/contracts';
import { pushDataLayer } from './data-layer';

/**
 * The picky-eater popup: a small, non-modal dialog offering help for picky eaters,
 * shown once per visitor after some time spent on the menus, never over another dialog (the
 * capture popup). Plain DOM in the lazily loaded tracker, so none of it is in the /menus initial
 * JavaScript. Its two events go to the data layer and to the API (the email service's copy).
 */

export const PICKY_EATER_DELAY_MS = 45_000;
const SHOWN_KEY = 'sprout:picky-eater-shown';
const HELP_URL = '/menus?indicators=hidden-veggie';

type Context = { cartId: string | undefined };

function record(path: string, event: string, context: Context) {
  pushDataLayer({ event });
  void fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(context.cartId ? { abandoned_cart_id: context.cartId } : {}),
      source_url: `${window.location.origin}${window.location.pathname}`,
    }),
    keepalive: true,
  }).catch(() => {
    // A lost statistic, never an error for the visitor.
  });
}

function alreadyShown(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    return true; // No storage, no way to show it only once: do not show it.
  }
}

function anotherDialogOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('[role="dialog"], dialog[open]')].some(
    (element) => element.id !== 'picky-eater-popup' && element.checkVisibility?.() !== false,
  );
}

function show(context: Context) {
  try {
    localStorage.setItem(SHOWN_KEY, new Date().toISOString());
  } catch {
    return;
  }
  const dialog = document.createElement('dialog');
  dialog.id = 'picky-eater-popup';
  dialog.className = 'picky-eater';
  dialog.setAttribute('aria-labelledby', 'picky-eater-title');
  dialog.setAttribute('aria-describedby', 'picky-eater-text');
  dialog.innerHTML = `
    <h2 id="picky-eater-title" class="picky-eater__title">Got a picky eater?</h2>
    <p id="picky-eater-text">Our hidden-veggie meals blend vegetables in where little ones won't spot them.</p>
    <div class="picky-eater__actions">
      <a class="button button--primary" href="${HELP_URL}">Show hidden-veggie meals</a>
      <button type="button" class="button button--ghost">No thanks</button>
    </div>`;
  const close = () => {
    dialog.close();
    dialog.remove();
    document.removeEventListener('keydown', onKey);
    if (closeOpenPopup === close) closeOpenPopup = undefined;
  };
  closeOpenPopup = close;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  dialog.querySelector('a')?.addEventListener('click', () => {
    record(endpointPaths.pickyEatersPopupCtaClicked, 'pickyEatersPopupCtaClicked', context);
  });
  dialog.querySelector('button')?.addEventListener('click', close);
  document.addEventListener('keydown', onKey);
  document.body.append(dialog);
  // Non-modal: the visitor can keep shopping; focus moves in so keyboard and screen reader users meet it.
  dialog.show();
  dialog.querySelector<HTMLElement>('a')?.focus();
  record(endpointPaths.pickyEaterPopupOpen, 'pickyEaterPopupOpen', context);
}

let timer: number | undefined;
/** Closes the popup on screen, while one is. */
let closeOpenPopup: (() => void) | undefined;
let latest: Context = { cartId: undefined };

/** Called with each page the tracker sees: the clock runs while the visitor stays on the menus. */
export function schedulePickyEaterPopup(routeName: string, context: Context): void {
  if (routeName !== 'menus') {
    window.clearTimeout(timer);
    timer = undefined;
    return;
  }
  latest = context;
  if (timer !== undefined || alreadyShown()) return;
  const attempt = () => {
    if (alreadyShown()) return;
    // Never over the capture popup (or any dialog): try again a little later.
    if (anotherDialogOpen()) timer = window.setTimeout(attempt, 5_000);
    else show(latest);
  };
  timer = window.setTimeout(attempt, PICKY_EATER_DELAY_MS);
}

/**
 * A navigation resets the popup (a promotional popup never follows the visitor to another page):
 * one on screen closes, as when its "No thanks" is pressed. It was shown: it stays shown once per
 * visitor.
 */
export function resetPickyEaterPopupOnNavigation(): void {
  closeOpenPopup?.();
}
