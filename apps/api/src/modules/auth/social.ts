import { SOCIAL_SIGN_IN_MESSAGES } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import * as oidc from 'openid-client';
import type { SocialProviderConfig } from '../../config';
import { AppError } from '../../errors/app-error';
import * as repository from './repository';
import { hashToken } from './tokens';

const STATE_MINUTES = 10;
const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/;

/**
 * Sign-in with Google, Facebook or Apple through OpenID Connect (openid-client): authorization code
 * with PKCE, state and nonce kept server-side, the ID token verified by the library.
 */
export class SocialLogin {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly providers: SocialProviderConfig[],
    private readonly siteUrl: string,
  ) {}

  get names(): string[] {
    return this.providers.map((provider) => provider.name);
  }

  private provider(name: string): SocialProviderConfig {
    const provider = this.providers.find((candidate) => candidate.name === name);
    if (!provider) throw AppError.notFound(SOCIAL_SIGN_IN_MESSAGES.unavailable);
    return provider;
  }

  private configuration(provider: SocialProviderConfig): Promise<oidc.Configuration> {
    let found = this.discovered.get(provider.name);
    if (!found) {
      // Plain http is only ever allowed for a provider on this machine (the tests' provider).
      const insecure = LOOPBACK.test(provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined;
      found = oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        undefined,
        insecure,
      );
      found.catch(() => this.discovered.delete(provider.name));
      this.discovered.set(provider.name, found);
    }
    return found;
  }

  redirectUri(name: string): string {
    return new URL(`/auth/${name}/callback`, this.siteUrl).toString();
  }

  /** Where to send the browser to sign in with the provider. */
  async start(db: Database, name: string, abandonedCartId: string | undefined): Promise<string> {
    const provider = this.provider(name);
    const configuration = await this.configuration(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await repository.insertOAuthState(db, {
      stateHash: hashToken(state),
      provider: name,
      codeVerifier,
      nonce,
      abandonedCartId: abandonedCartId ?? null,
      expiresAt: new Date(Date.now() + STATE_MINUTES * 60_000),
    });
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.redirectUri(name),
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  /** Completes the sign-in: answers the verified email and names, and the cart it started from. */
  async finish(db: Database, name: string, callbackUrl: URL) {
    const provider = this.provider(name);
    const state = callbackUrl.searchParams.get('state') ?? '';
    const pending = await repository.takeOAuthState(db, hashToken(state), name);
    if (!pending) throw new AppError('bad_request', SOCIAL_SIGN_IN_MESSAGES.expired);
    const configuration = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    // Providers may leave profile claims out of the ID token; the userinfo endpoint has them.
    const claims =
      idClaims && typeof idClaims.email !== 'string'
        ? { ...idClaims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)) }
        : idClaims;
    const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : undefined;
    if (!email || claims?.email_verified === false) {
      throw new AppError('bad_request', SOCIAL_SIGN_IN_MESSAGES.unverified);
    }
    return {
      email,
      firstName: typeof claims?.given_name === 'string' ? claims.given_name : undefined,
      lastName: typeof claims?.family_name === 'string' ? claims.family_name : undefined,
      abandonedCartId: pending.abandonedCartId ?? undefined,
    };
  }
}
