import { useEffect, useState } from 'react';
import { countdown, formatKitchenInstant } from './format';

/**
 * The time left to change a box. The server renders it at the loader's instant (`renderedAt`) and
 * the browser hydrates from the same instant, so the two agree; then it ticks every second.
 */
export function CutoffCountdown({ cutoffAt, renderedAt }: { cutoffAt: string; renderedAt: number }) {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = countdown(cutoffAt, now);
  const when = formatKitchenInstant(cutoffAt);
  if (left.closed) {
    return (
      <p className="cutoff cutoff--closed" data-cutoff="closed">
        Changes closed {when ? `on ${when} (Eastern)` : ''}: this box is being prepared.
      </p>
    );
  }
  return (
    <p className="cutoff" data-cutoff="open">
      <span className="cutoff__label">Edit or skip until {when} (Eastern): </span>
      {/* Not a live region: a screen reader would be told the time every second. */}
      <time className="cutoff__left" dateTime={`PT${left.seconds}S`}>
        {left.text} left
      </time>
    </p>
  );
}
