import { endpoints, SESSION_COOKIE, SOCIAL_SIGN_IN_MESSAGES } from '@sprout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SocialProviderConfig } from '../config';
import { AppError } from '../errors/app-error';
import { type CookieSettings, readCookie, setSessionCookies } from '../http/cookies';
import { route } from '../http/endpoint';
import { type SignedInSession, signedIn } from '../http/guards';
import * as accounts from '../modules/accounts/service';
import * as auth from '../modules/auth/service';
import { SocialLogin } from '../modules/auth/social';
import { currentSubscription, findCanceledSubscription } from '../modules/subscriptions/service';
import { updateAbandonedCart } from './cart-changes';
import { findFirstBoxAfterPause, findPaymentPause } from './subscription-lifecycle';

const tags = ['accounts'];

type Options = {
  siteUrl: string;
  accountSiteUrl: string;
  adminSiteUrl: string;
  socialProviders: SocialProviderConfig[];
  emailChecksPerHour: number;
};

/**
 * The sign-in answers that compose modules (docs/decisions/050): who is signed in with their
 * subscription (checkout, subscriptions, accounts), and social sign-in, whose new customer's
 * verified email captures their abandoned cart (carts).
 */
export default async function sessionRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const siteUrl = new URL(options.siteUrl);
  const cookies: CookieSettings = { secure: siteUrl.protocol === 'https:', siteHostname: siteUrl.hostname };

  route(app, endpoints.auth.initial, { tags }, async (request) => {
    const session = await auth.sessionUser(db(), readCookie(request, SESSION_COOKIE));
    if (!session) return { authenticated: false, is_admin: false, user: null };
    const subscription = await currentSubscription(db(), session.user.id);
    return {
      authenticated: true,
      is_admin: session.user.isAdmin,
      user: { ...toMe(session), subscription },
    };
  });

  const social = new SocialLogin(options.socialProviders, options.siteUrl);

  route(app, endpoints.auth.providers, { tags }, async () => ({ data: social.names }));

  route(app, endpoints.auth.socialStart, { tags }, async (request, reply) => {
    try {
      const url = await social.start(db(), request.params.provider, request.query.abandoned_cart_id);
      return reply.redirect(url, 302);
    } catch (error) {
      // A browser followed a link here: it goes back to the login with words, never to JSON.
      request.log.warn({ err: error, provider: request.params.provider }, 'social sign-in did not start');
      return reply.redirect(socialFailureLocation(error), 302);
    }
  });

  route(app, endpoints.auth.socialCallback, { tags }, async (request, reply) => {
    try {
      const identity = await social.finish(
        db(),
        request.params.provider,
        new URL(request.url, options.siteUrl),
      );
      const user = await auth.findUserByEmail(db(), identity.email);
      if (user) {
        const issued = await auth.openSessionFor(db(), user.id);
        await auth.logout(db(), accounts, readCookie(request, SESSION_COOKIE));
        setSessionCookies(reply, cookies, issued);
        return reply.redirect(user.isAdmin ? options.adminSiteUrl : options.accountSiteUrl, 302);
      }
      // A new customer: the provider's verified email captures the abandoned cart (signup is
      // the first onboarding step; the account itself is created at checkout).
      if (identity.abandonedCartId) {
        await updateAbandonedCart(
          db(),
          identity.abandonedCartId,
          {
            email: identity.email,
            ...(identity.firstName ? { first_name: identity.firstName } : {}),
            ...(identity.lastName ? { last_name: identity.lastName } : {}),
            location: `social:${request.params.provider}`,
          },
          { ip: request.ip, emailChecksPerHour: options.emailChecksPerHour },
        );
        return reply.redirect('/onboarding/plans', 302);
      }
      return reply.redirect(`/onboarding/signup?email=${encodeURIComponent(identity.email)}`, 302);
    } catch (error) {
      request.log.warn({ err: error, provider: request.params.provider }, 'social sign-in failed');
      return reply.redirect(socialFailureLocation(error), 302);
    }
  });

  route(app, endpoints.account.me, { tags }, async (request) => {
    const session = signedIn(request);
    const [address, subscription] = await Promise.all([
      request.query.include === 'address' ? accounts.defaultAddress(db(), session.user.id) : undefined,
      currentSubscription(db(), session.user.id),
    ]);
    // Only a customer without a current subscription asks the second question: was it canceled?
    const canceled = subscription ? null : await findCanceledSubscription(db(), session.user.id);
    const [firstBoxAfterPause, paymentPause] =
      subscription?.status === 'paused'
        ? await Promise.all([
            findFirstBoxAfterPause(db(), session.user.id),
            findPaymentPause(db(), session.user.id),
          ])
        : [null, null];
    return {
      data: {
        ...toMe(session),
        subscription,
        canceled_subscription: canceled,
        first_box_after_pause: firstBoxAfterPause,
        payment_pause: paymentPause,
        ...(address === undefined ? {} : { address }),
      },
      meta: {},
    };
  });
}

/** The login page with one of the messages it knows (it shows no other `?error=` text). */
function socialFailureLocation(error: unknown): string {
  const known: readonly string[] = Object.values(SOCIAL_SIGN_IN_MESSAGES);
  const message =
    error instanceof AppError && known.includes(error.message)
      ? error.message
      : SOCIAL_SIGN_IN_MESSAGES.failed;
  return `/onboarding/login?error=${encodeURIComponent(message)}`;
}

function toMe(session: SignedInSession) {
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    referral_id: session.referralCode,
    is_admin: user.isAdmin,
    profile: { first_name: user.firstName, last_name: user.lastName },
  };
}
