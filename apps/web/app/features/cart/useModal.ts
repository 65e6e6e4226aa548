import { type RefObject, useEffect, useRef } from 'react';

/**
 * Modal behaviour for the capture popup and the cart drawer: everything else in the app shell is
 * inert, focus moves in and is trapped, Escape closes, focus returns where it was, the page does
 * not scroll behind. Modals stack: only the topmost reacts and stays interactive.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const SHELL = '[data-app-shell]';
const MARK = 'data-modal-inert';

const stack: HTMLElement[] = [];

function shellChildren(): HTMLElement[] {
  const shell = document.querySelector(SHELL);
  return shell ? (Array.from(shell.children) as HTMLElement[]) : [];
}

/** Makes every shell child but the topmost modal (and toasts) inert; lifts it when no modal is open. */
function applyInert() {
  const top = stack.at(-1) ?? null;
  for (const child of shellChildren()) {
    const keep = child.hasAttribute('data-modal-keep') || (top !== null && child.contains(top));
    if (top && !keep) {
      if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        child.setAttribute(MARK, '');
      }
    } else if (child.hasAttribute(MARK)) {
      child.removeAttribute('inert');
      child.removeAttribute(MARK);
    }
  }
  document.documentElement.classList.toggle('has-modal', top !== null);
}

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return (Array.from(container.querySelectorAll(FOCUSABLE)) as HTMLElement[]).filter(
    (element) => !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

export function useModal(
  ref: RefObject<HTMLElement | null>,
  options: { open: boolean; onClose(): void; initialFocus?: RefObject<HTMLElement | null> },
) {
  const { open, initialFocus } = options;
  const onCloseRef = useRef(options.onClose);
  onCloseRef.current = options.onClose;

  useEffect(() => {
    const container = ref.current;
    if (!open || !container) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    stack.push(container);
    applyInert();
    const target = initialFocus?.current ?? focusableWithin(container)[0] ?? container;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack.at(-1) !== container) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableWithin(container);
      if (focusable.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = focusable[0]!;
      const last = focusable.at(-1)!;
      const active = document.activeElement;
      if (!container.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = stack.lastIndexOf(container);
      if (index !== -1) stack.splice(index, 1);
      applyInert();
      if (previouslyFocused?.isConnected && !previouslyFocused.closest('[inert]')) previouslyFocused.focus();
    };
  }, [open, ref, initialFocus]);
}
