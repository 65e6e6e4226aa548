import { useCartView } from '../cart/useCart';
import { cartBannerFromState } from './banner';

function GiftIcon() {
  return (
    <svg className="offer-banner__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path
        d="M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-9Zm-1-4h18v4H3V7Zm9 0v14M12 7S10.5 3 8 3a2 2 0 0 0 0 4h4Zm0 0s1.5-4 4-4a2 2 0 0 1 0 4h-4Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The cart banner: the promo code's description, or "Jamie sent you $25 off your first box" for a
 * friend's referral, chosen by chooseCartBanner. At the top of the menus page and in the cart
 * panel.
 */
export function CartBanner({ placement }: { placement: 'page' | 'panel' }) {
  const { cart, data, page } = useCartView();
  const view = cartBannerFromState({
    cart,
    referrer: data?.referrer ?? null,
    referralOffer: page.referralOffer,
  });
  if (!view) return null;
  const classes = `offer-banner offer-banner--${placement} offer-banner--${view.kind}`;
  return (
    <aside className={classes} aria-label={view.kind === 'referral' ? 'Referral offer' : 'Promo code offer'}>
      <GiftIcon />
      <div className="offer-banner__body">
        <p className="offer-banner__text">{view.text}</p>
        {view.kind === 'discount' ? (
          <p className="offer-banner__meta">
            Code <strong className="offer-banner__code">{view.code}</strong>
            {view.note && placement === 'page' ? (
              <span className="offer-banner__note"> · {view.note}</span>
            ) : null}
          </p>
        ) : null}
      </div>
    </aside>
  );
}
