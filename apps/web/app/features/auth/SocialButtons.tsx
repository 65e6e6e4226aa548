import { endpointPath, endpointPaths } from '@sprout/contracts';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

/**
 * "Continue with …" for each social sign-in provider the server has configured (SOCIAL_PROVIDERS,
 * in the root loader's site settings), and nothing at all when there is none (a button for an unconfigured provider led nowhere). The
 * abandoned cart id lets a new visitor's verified email capture the cart they started.
 */
export function SocialButtons({ abandonedCartId }: { abandonedCartId?: string | null }) {
  const providers = useRouteLoaderData<RootData>('root')?.site.socialProviders ?? [];
  if (providers.length === 0) return null;
  const query = abandonedCartId ? `?abandoned_cart_id=${encodeURIComponent(abandonedCartId)}` : '';
  return (
    <div className="social-sign-in">
      <p className="capture-form__divider">
        <span>OR</span>
      </p>
      {providers.map((provider) => (
        <a
          key={provider}
          className="button button--ghost capture-form__google"
          href={`${endpointPath(endpointPaths.socialStart, { provider })}${query}`}
        >
          <span className="capture-form__google-mark" aria-hidden="true">
            {(PROVIDER_NAMES[provider] ?? provider).slice(0, 1)}
          </span>
          Continue with {PROVIDER_NAMES[provider] ?? provider}
        </a>
      ))}
    </div>
  );
}
