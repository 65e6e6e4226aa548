import { SUITS_EVERYONE } from '@sprout/contracts';
import { Link } from 'react-router';

/** The menus' URL parameter of a family's filter: `everyone` or a child's id (docs/decisions/055). */
export const SUITS_PARAM = 'suits';

/** The menus' address with a family's filter (or none), back on its first page. */
function suitsHref(basePath: string, search: string, suits: string | null) {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.delete('product');
  if (suits === null) params.delete(SUITS_PARAM);
  else params.set(SUITS_PARAM, suits);
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/**
 * "Suits everyone" and one filter per child: links (they work before the JavaScript loads), the
 * API filtering the dishes for the family.
 */
export function FamilyFilter({
  family,
  search,
  basePath,
}: {
  family: { children: { id: number; name: string }[]; suits: string | null };
  search: string;
  basePath: string;
}) {
  const options = [
    { value: null, label: 'Every dish' },
    { value: SUITS_EVERYONE, label: 'Suits everyone' },
    ...family.children.map((child) => ({ value: String(child.id), label: `Suits ${child.name}` })),
  ];
  return (
    <nav className="family-filter" aria-label="Your family">
      <p className="family-filter__legend">Your family</p>
      <ul>
        {options.map((option) => (
          <li key={option.value ?? 'all'}>
            <Link
              to={suitsHref(basePath, search, option.value)}
              preventScrollReset
              className="family-filter__option"
              aria-current={family.suits === option.value ? 'true' : undefined}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
