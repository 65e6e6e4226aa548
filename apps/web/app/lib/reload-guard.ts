import { RELOAD_GUARD_MS } from '@sprout/contracts';

/**
 * The reload guard, for both places that reload after code failed to load: a route's
 * (lib/route-chunks.client.ts) and any other chunk's (features/marketing/tracker.ts).
 */
export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;
const GUARD_KEY = 'sprout:reload-guard';

/**
 * Whether to reload `target` after a failed chunk load: once, then not again for the guard's
 * 10 seconds (a build that is really broken must not reload forever).
 */
export function claimReload(target: string, now: number, storage: GuardStorage): boolean {
  let last: { target: string; at: number } | null = null;
  try {
    last = JSON.parse(storage.getItem(GUARD_KEY) ?? 'null');
  } catch {
    last = null;
  }
  if (last && last.target === target && now - last.at < RELOAD_GUARD_MS) return false;
  storage.setItem(GUARD_KEY, JSON.stringify({ target, at: now }));
  return true;
}
