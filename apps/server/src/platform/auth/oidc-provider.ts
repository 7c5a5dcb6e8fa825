import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { findAccountById } from './accounts.repo';
import { createOidcAdapter } from './oidc-adapter';
import { deriveSecret, type SigningKeys } from './oidc-keys';

/** The portal's own client at the built-in provider (first party: no consent screen). */
export const PORTAL_CLIENT_ID = 'apron-portal';
export const PORTAL_SCOPES = 'openid email profile';
/** The scope of the API resource server (bearer access tokens for integrations). */
export const API_SCOPE = 'api';

export function builtInIssuer(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/oidc`;
}

/** The audience of access tokens for our API (RFC 8707 resource indicator). */
export function apiResource(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/api`;
}

export function portalClient(config: Pick<Config, 'publicUrl' | 'sessionSecret'>): { clientId: string; clientSecret: string; redirectUri: string } {
  return { clientId: PORTAL_CLIENT_ID, clientSecret: deriveSecret(config.sessionSecret, 'portal-client'), redirectUri: `${config.publicUrl}/signin` };
}

const TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  // The provider's own sign-in lasts a working day; the portal session (one hour) is separate.
  Session: 12 * 60 * 60,
};

export interface ProviderPages {
  /** oidc-provider's error page (no inline style or script: strict CSP). */
  renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }): Promise<void>;
}

/**
 * The built-in OpenID provider (mounted at /oidc). Everything it keeps lives in the database
 * (adapter + persisted keys), so any instance can answer any step of a sign-in.
 */
export function createOidcProvider(options: { config: Config; db: DbOrTx; keys: SigningKeys; pages: ProviderPages }): Provider {
  const { config, db, keys, pages } = options;
  const client = portalClient(config);
  const resource = apiResource(config);

  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    jwks: { keys: keys.keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: [deriveSecret(config.sessionSecret, 'oidc-cookies')] },
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: 'Apron portal',
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // Claims of the requested scopes go into the id token: the portal reads them from there.
    conformIdTokenClaims: false,
    ttl: TTL,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: API_SCOPE,
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: TTL.AccessToken,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // The first-party portal is never asked for consent: its grant is created on first use
    // and topped up when the requested scopes grow.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (oidc.client.clientId !== PORTAL_CLIENT_ID) return grant;
      if (!grant) grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(PORTAL_SCOPES);
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = await findAccountById(db, sub).catch(() => null);
      // A disabled account is unknown to the provider: no code exchange, no tokens.
      if (!account || !account.enabled) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`.trim(),
        }),
      };
    },
    renderError: async (ctx, out) => pages.renderError(ctx, out),
    clientBasedCORS: () => false,
  };

  const provider = new Provider(builtInIssuer(config), configuration);
  // X-Forwarded-* are trusted exactly when the API trusts them (TRUST_PROXY): that decides the
  // caller address the provider sees. Its own URLs never come from request headers at all.
  provider.proxy = config.trustProxy;
  pinPublicOrigin(provider, new URL(config.publicUrl));
  return provider;
}

/**
 * Every request the provider handles (its mounted routes, and our interaction pages that call
 * `interactionDetails` on the raw request) has PUBLIC_URL's scheme and host, so issuer,
 * endpoints and redirects name the portal's public origin whatever Host or X-Forwarded-Host and
 * X-Forwarded-Proto a caller sends.
 */
function pinPublicOrigin(provider: Provider, publicUrl: URL): void {
  Object.defineProperties(provider.app.request, {
    protocol: { get: () => publicUrl.protocol.replace(':', ''), configurable: true },
    host: { get: () => publicUrl.host, configurable: true },
    hostname: { get: () => publicUrl.hostname, configurable: true },
  });
}
