import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../../config';
import { PORTAL_SCOPES, builtInIssuer, portalClient } from '../../platform/auth/oidc-provider';

/**
 * The portal as an OpenID Connect client (authorization code + PKCE). By default it talks to
 * the built-in provider through `app.inject` — no network call to itself, which would fail
 * behind some load balancers and during start-up. With OIDC_ISSUER set it talks to that issuer.
 */
export interface PortalOidc {
  readonly issuer: string;
  readonly isBuiltIn: boolean;
  authorizationUrl(checks: { state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  exchangeCode(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<{ idToken: string; claims: client.IDToken }>;
  endSessionUrl(idToken: string | null): Promise<string | null>;
}

type FetchInit = { method?: string; headers?: ConstructorParameters<typeof Headers>[0]; body?: unknown };

/** A fetch that answers requests for the built-in issuer with `app.inject`. */
export function injectFetch(app: FastifyInstance, issuer: string): client.CustomFetch {
  return async (url, options) => {
    if (!url.startsWith(`${issuer}/`) && url !== issuer) return fetch(url, options as RequestInit);
    const init = options as FetchInit;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const res = await app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers, payload: body });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(noBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  };
}

export function createPortalOidc(app: FastifyInstance, config: Config): PortalOidc {
  const isBuiltIn = !config.oidc;
  const issuer = config.oidc ? config.oidc.issuer.replace(/\/$/, '') : builtInIssuer(config);
  const redirectUri = `${config.publicUrl}/signin`;
  const builtIn = portalClient(config);

  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= (async () => {
      const insecure = new URL(issuer).protocol === 'http:';
      const options: client.DiscoveryRequestOptions = {
        [client.customFetch]: isBuiltIn ? injectFetch(app, issuer) : undefined,
        execute: insecure ? [client.allowInsecureRequests] : [],
      };
      return config.oidc
        ? client.discovery(new URL(issuer), config.oidc.clientId, config.oidc.clientSecret, undefined, options)
        : client.discovery(new URL(issuer), builtIn.clientId, undefined, client.ClientSecretBasic(builtIn.clientSecret), options);
    })().catch((error: unknown) => {
      discovered = null; // discovery is retried on the next sign-in
      throw error;
    });
    return discovered;
  };

  return {
    issuer,
    isBuiltIn,
    async authorizationUrl({ state, nonce, codeChallenge }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: PORTAL_SCOPES,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async exchangeCode(callbackUrl, { state, nonce, codeVerifier }) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!tokens.id_token || !claims) throw new Error('no id token');
      return { idToken: tokens.id_token, claims };
    },
    async endSessionUrl(idToken) {
      const cfg = await configuration();
      if (!cfg.serverMetadata().end_session_endpoint) return null;
      const parameters: Record<string, string> = { post_logout_redirect_uri: `${config.publicUrl}/` };
      if (idToken) parameters.id_token_hint = idToken;
      return client.buildEndSessionUrl(cfg, parameters).href;
    },
  };
}
