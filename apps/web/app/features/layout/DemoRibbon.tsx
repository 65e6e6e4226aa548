import './demo-ribbon.css';

/**
 * Shown on every page of a store in demo mode (STORE_MODE=demo): nobody should mistake it for a
 * real shop or type a real card. In the page flow, not over it, so it never hides content.
 */
export function DemoRibbon() {
  return (
    <div className="demo-ribbon" role="note">
      <strong>Demo store:</strong> test cards only
    </div>
  );
}
