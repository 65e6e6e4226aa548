import { GiftCardPurchasePage } from '../features/gift-cards/GiftCardPurchasePage';
import { loadGiftCardPage, purchaseAction } from '../features/gift-cards/gift-cards.server';
import type { Route } from './+types/gift-cards';

export const handle = { title: 'Gift cards' };

/** /gift-cards (default layout): buy a gift card, for someone else or for yourself (decision 024). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadGiftCardPage(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseAction(request, context);
}

export default function GiftCardsRoute({ loaderData }: Route.ComponentProps) {
  return <GiftCardPurchasePage data={loaderData} />;
}
