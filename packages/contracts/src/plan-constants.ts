/**
 * The plan-change rules and their sentences without zod: the plans page's browser code reads them,
 * the storefront's server and the API decide with them (docs/decisions/045).
 */

/**
 * A box keeps its items under a new plan only while they fit: more items than the new plan holds
 * empty the box first (decision 045). The API empties by this rule; the storefront asks first.
 */
export function planChangeEmptiesBox(itemCount: number, newThreshold: number): boolean {
  return itemCount > newThreshold;
}

/** Said after a plan change emptied the box, whichever way the plan was chosen (a link, the plans page). */
export function boxEmptiedNotice(threshold: number): string {
  return `Your box was emptied to fit the ${threshold}-item plan.`;
}

/** Asked on the plans page before a smaller plan empties a box. */
export function emptyBoxQuestion(itemCount: number, threshold: number): string {
  return `Your box has ${itemCount} items and the ${threshold}-item plan holds ${threshold}: switching empties your box.`;
}

/**
 * Said when what waited for a plan (a ready-made box, a link's items) needed a bigger plan than the
 * one chosen: the first plan that holds it all is chosen instead (decision 045).
 */
export function pendingUpgradeNotice(what: string, total: number, threshold: number): string {
  return `Your box with ${what} has ${total} items: it is now on the ${threshold}-item plan, which holds them all.`;
}

/** The plans page's query names of a plan change waiting for the visitor's yes (no-JS friendly). */
export const CONFIRM_PLAN_PARAM = 'confirm_plan';
/** The plans page's address names the visitor's plan by its slug after an upgrade (decision 045). */
export const PLAN_PARAM = 'plan';
