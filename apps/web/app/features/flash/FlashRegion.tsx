import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_FLASH_DURATION, FLASH_EVENT, type FlashDetail } from './flash';

type Toast = FlashDetail & { id: number };

/**
 * The page's one live region for flash toasts: success or error style, a close button, gone after
 * its duration (3000 ms unless the toast names another). Kept above dialogs. `notice` is the page's
 * one-shot message from its loader: rendered by the server, so it is read before (and without) the
 * JavaScript, and timed out once the page has hydrated.
 */
export function FlashRegion({ notice = null }: { notice?: FlashDetail | null }) {
  const [toasts, setToasts] = useState<Toast[]>(() =>
    notice ? [{ ...notice, duration: notice.duration ?? DEFAULT_FLASH_DURATION, id: 0 }] : [],
  );
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);
  const shownNotice = useRef(notice);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (detail: FlashDetail) => {
      const id = nextId.current++;
      const duration = detail.duration ?? DEFAULT_FLASH_DURATION;
      setToasts((current) => [
        // The same message twice in a row shows once, with a fresh timer.
        ...current.filter((toast) => {
          if (toast.message !== detail.message || toast.type !== detail.type) return true;
          clearTimeout(timers.current.get(toast.id));
          timers.current.delete(toast.id);
          return false;
        }),
        { ...detail, duration, id },
      ]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss],
  );

  // The server-rendered notice is timed from hydration; a later page's notice is shown like any toast.
  useEffect(() => {
    if (notice === shownNotice.current) {
      if (notice && !timers.current.has(0))
        timers.current.set(
          0,
          setTimeout(() => dismiss(0), notice.duration ?? DEFAULT_FLASH_DURATION),
        );
      return;
    }
    shownNotice.current = notice;
    if (notice) show(notice);
  }, [notice, show, dismiss]);

  useEffect(() => {
    const onFlash = (event: Event) => {
      const detail = (event as CustomEvent<FlashDetail>).detail;
      if (detail?.message) show(detail);
    };
    window.addEventListener(FLASH_EVENT, onFlash);
    const pending = timers.current;
    return () => {
      window.removeEventListener(FLASH_EVENT, onFlash);
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [show]);

  return (
    <div className="flash-region" aria-live="polite" aria-relevant="additions" data-modal-keep="">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`flash flash--${toast.type}`}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-duration={toast.duration}
        >
          <span className="flash__icon" aria-hidden="true">
            {toast.type === 'error' ? '!' : '✓'}
          </span>
          <p className="flash__message">{toast.message}</p>
          <button
            type="button"
            className="flash__close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(toast.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
