import { useHydrated } from '../forms/useHydrated';

/** Prints the receipt; before the JavaScript loads, the browser's own Print does the same. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="button button--secondary no-print" onClick={() => window.print()}>
      Print receipt
    </button>
  );
}
