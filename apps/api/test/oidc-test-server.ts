import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on a loopback port for the social-login tests. Its interaction
 * step signs the configured account in and grants the scopes at once (no pages to click).
 */
export async function startOidcTestServer(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  account: { sub: string; email: string; given_name: string; family_name: string };
}): Promise<{ issuer: string; close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Read options.account at sign-in time: a test may switch who signs in.
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({ ...options.account, sub, email_verified: true }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-only-cookie-key'] },
  });
  provider.proxy = false;

  server.on('request', async (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(request, response);
      const grant = new provider.Grant({
        accountId: options.account.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: options.account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    provider.callback()(request, response);
  });

  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
