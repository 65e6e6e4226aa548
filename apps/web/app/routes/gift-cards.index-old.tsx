import { useEffect } from 'react';
import { GiftCardPurchasePage } from '../features/gift-cards/GiftCardPurchasePage';
import { loadGiftCardPage, purchaseAction } from '../features/gift-cards/gift-cards.server';
import type { Route } from './+types/gift-cards.index-old';

export const handle = { title: 'Gift cards' };

/** /gift-cards/index-old (blog-page-default, scroll to top): the same purchase flow in the blog layout. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadGiftCardPage(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context);
}

export default function GiftCardsIndexOldRoute({ loaderData }: Route.ComponentProps) {
  // This page opens at its top, also when reached with the back button.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return <GiftCardPurchasePage data={loaderData} />;
}
