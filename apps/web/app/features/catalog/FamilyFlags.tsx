import type { DishFamilyFit } from '@sprout/contracts';

/**
 * Whom a dish does not suit, as the API answered it for the signed-in family, in its words
 * (docs/decisions/055): allergens and diets strong ("Contains dairy — Mia"), dislikes softer ("Leo
 * doesn't like peas"). Nothing is decided here. Kept small: every page with a dish card loads it.
 */
export function FamilyFlags({ fit }: { fit: DishFamilyFit | undefined }) {
  if (!fit) return null;
  if (fit.suits_everyone) return <p className="family-fit">Suits everyone</p>;
  return (
    <ul className="family-flags" aria-label="Not for everyone">
      {fit.conflicts.map((conflict) =>
        conflict.kind === 'dislike' ? (
          <li key={conflict.label} className="family-flag family-flag--dislike">
            {conflict.label}
          </li>
        ) : (
          <li key={conflict.label} className="family-flag family-flag--unsafe">
            <strong>{conflict.label}</strong>
          </li>
        ),
      )}
    </ul>
  );
}
