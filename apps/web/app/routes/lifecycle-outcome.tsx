import { OUTCOME_PATHS, type OutcomePath } from '@sprout/contracts';
import { data } from 'react-router';
import { visitOutcome } from '../features/lifecycle/lifecycle.server';
import { OutcomeMessage } from '../features/lifecycle/OutcomeMessage';
import { guardRoute } from '../lib/route-access.server';
import type { Route } from './+types/lifecycle-outcome';
import '../features/auth/auth.css';

const TITLES: Record<OutcomePath, string> = {
  '/pausing-processing': 'Your boxes are paused',
  '/offer-accepted-processing': "We're glad you're staying",
  '/cancellation-processing': 'Your subscription is canceled',
};

export const handle = { title: 'Your subscription' };

/**
 * /pausing-processing, /offer-accepted-processing and /cancellation-processing: each shows its
 * outcome once, right after it (the transition granted one visit). A second visit, or another
 * browser, goes to the account site.
 */
export async function loader(args: Route.LoaderArgs) {
  await guardRoute(args);
  const path = new URL(args.request.url).pathname.replace(/\/+$/, '') as OutcomePath;
  if (!OUTCOME_PATHS.includes(path)) throw data('Not found', { status: 404 });
  const outcome = await visitOutcome(args.context.api, path, args.context.site.accountUrl);
  return { path, title: TITLES[path], outcome, accountUrl: args.context.site.accountUrl };
}

// No meta export: the root layout titles the page from the loader's `title` with the site name
// ("Your boxes are paused - Sprout & Spoon"); a route's own <title> went out without it.

// The grant is spent by the first load: never load again in place.
export function shouldRevalidate() {
  return false;
}

export default function LifecycleOutcomeRoute({ loaderData }: Route.ComponentProps) {
  return <OutcomeMessage {...loaderData} />;
}
