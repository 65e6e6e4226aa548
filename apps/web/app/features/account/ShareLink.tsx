import { useId, useState } from 'react';
import { useHydrated } from '../forms/useHydrated';
import { announce } from '../layout/LiveRegion';

/**
 * The share link as a read-only field anyone can select and copy (it works without JavaScript),
 * and, once hydrated, a button that copies it to the clipboard.
 */
export function ShareLink({ url }: { url: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      announce('Link copied.');
    } catch {
      // No clipboard (permissions, old browser): select the text for a manual copy.
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.select();
      announce('Select the link and copy it.');
    }
  }
  return (
    <div className="share-link">
      <label htmlFor={id}>Your share link</label>
      <div className="share-link__row">
        <input
          id={id}
          type="text"
          readOnly
          value={url}
          className="share-link__field"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" className="button button--primary" onClick={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
