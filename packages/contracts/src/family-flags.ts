/**
 * Flags and warnings (docs/decisions/055): the words a family's conflicts are shown in. No zod
 * here: the storefront's cards and the box editor read this module in the browser.
 */

export const CONFLICT_KINDS = ['allergen', 'diet', 'dislike'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** The menus' filter value for "suits every child"; a child's id filters for that child alone. */
export const SUITS_EVERYONE = 'everyone';
/** A conflict as the flags read it (the wire's `familyConflict`). */
export type ConflictFlag = { child_name: string; kind: ConflictKind; detail: string };

/** A conflict as a flag on a dish: "Contains dairy — Mia", "Not vegetarian — Mia", "Leo doesn't like peas". */
export function conflictLabel(conflict: ConflictFlag): string {
  if (conflict.kind === 'allergen') return `Contains ${conflict.detail} — ${conflict.child_name}`;
  if (conflict.kind === 'diet') return `Not ${conflict.detail} — ${conflict.child_name}`;
  return conflict.detail === 'this dish'
    ? `${conflict.child_name} doesn't like this dish`
    : `${conflict.child_name} doesn't like ${conflict.detail}`;
}

/** Whether a conflict is a danger (an allergen, a diet) rather than a taste (a dislike). */
export const isUnsafeConflict = (conflict: Pick<ConflictFlag, 'kind'>) => conflict.kind !== 'dislike';

/** Names joined for a sentence: "Mia", "Mia and Leo", "Mia, Leo and Ada". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The question asked once before a dish with a child's allergen (or outside their diet) goes into a box. */
export function allergenWarningMessage(conflicts: readonly ConflictFlag[], ending = 'Add anyway?'): string {
  const parts: string[] = [];
  const allergens = conflicts.filter((conflict) => conflict.kind === 'allergen');
  for (const detail of [...new Set(allergens.map((conflict) => conflict.detail))]) {
    const names = allergens.filter((conflict) => conflict.detail === detail).map((c) => c.child_name);
    parts.push(
      `Contains ${detail}, which ${joinNames(names)} ${names.length > 1 ? 'are' : 'is'} allergic to.`,
    );
  }
  for (const conflict of conflicts.filter((entry) => entry.kind === 'diet')) {
    parts.push(`It is not ${conflict.detail}, and ${conflict.child_name} eats ${conflict.detail}.`);
  }
  return `${parts.join(' ')} ${ending}`;
}

/** Where the question cannot be answered in place (the menus' Add into the next box): where it can. */
export const ALLERGEN_WARNING_ELSEWHERE = 'To add it anyway, use your box page.';

export const ALLERGEN_WARNING_CODE = 'allergen_warning';
