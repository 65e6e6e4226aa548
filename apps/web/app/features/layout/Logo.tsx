/** The Sprout & Spoon mark: a spoon with a sprouting leaf, and the word mark. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg
        className="logo__mark"
        viewBox="0 0 40 40"
        width="36"
        height="36"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="20" cy="20" r="19" fill="#fff1dc" />
        <path d="M20 33V19" stroke="#2f6b4f" strokeWidth="3" strokeLinecap="round" />
        <ellipse cx="20" cy="30" rx="5" ry="3.2" fill="#f08a5d" />
        <path d="M20 20c-6 0-9-4-9-9 6 0 9 4 9 9Z" fill="#5fae6e" />
        <path d="M20 17c0-5 3-8 9-8 0 5-3 8-9 8Z" fill="#2f6b4f" />
      </svg>
      {compact ? null : (
        <span className="logo__word">
          Sprout <span className="logo__amp">&amp;</span> Spoon
        </span>
      )}
    </span>
  );
}
