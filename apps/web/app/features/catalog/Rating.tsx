import { groupDigits } from '@sprout/contracts';

export function Rating({ value, count }: { value: number; count: number }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <p className="rating">
      <span
        className="rating__stars"
        style={{ '--rating': `${percent}%` } as React.CSSProperties}
        aria-hidden="true"
      >
        ★★★★★
      </span>
      <span className="visually-hidden">Rated {value.toFixed(1)} out of 5</span>
      <span className="rating__text" aria-hidden="true">
        {value.toFixed(1)}
      </span>
      <span className="rating__count">({groupDigits(count)} reviews)</span>
    </p>
  );
}
