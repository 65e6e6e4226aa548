import { useEffect, useState } from 'react';

type Listener = (message: string) => void;
let listener: Listener | null = null;

/**
 * Says `message` to screen readers politely (after what they are reading): "Added Pear & Spinach,
 * 3 in your box". Call it from any event handler or effect; the one <LiveRegion /> in the app
 * speaks it. Before the region mounts (server render, before hydration) it is a no-op.
 */
export function announce(message: string) {
  listener?.(message);
}

/** The app's one polite live region: mounted once, always in the DOM so that changes are heard. */
export function LiveRegion() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let frame = 0;
    listener = (next) => {
      // Empty first, then the text on the next frame: the same words twice are still announced.
      setMessage('');
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setMessage(next));
    };
    return () => {
      cancelAnimationFrame(frame);
      listener = null;
    };
  }, []);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-live-region="">
      {message}
    </div>
  );
}
