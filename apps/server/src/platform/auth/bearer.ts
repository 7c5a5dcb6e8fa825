import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { TSessionUser } from '@apron/core';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { findAccountByEmail, findAccountByExternalSubject, findAccountById } from './accounts.repo';
import type { AccountRow } from './accounts.table';
import { loadSigningKeys, publicJwks } from './oidc-keys';
import { apiResource, builtInIssuer } from './oidc-provider';
import { toSessionUser } from './sessions';
import { workplaceOf } from '../tenancy/workplace';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Verifier {
  issuer: string;
  keys: JWTVerifyGetKey;
  audiences: string[];
}

/**
 * `Authorization: Bearer <JWT access token>` for API clients. The token must be signed by the
 * configured issuer (the built-in provider's own keys, or the external issuer's JWKS), be meant
 * for this API, and name an enabled account; anything else is null (401).
 */
export function createBearerVerifier(config: Config, db: DbOrTx): (token: string) => Promise<TSessionUser | null> {
  let verifier: Promise<Verifier> | null = null;
  const load = (): Promise<Verifier> => {
    verifier ??= buildVerifier(config, db).catch((error: unknown) => {
      verifier = null; // try again on the next call (issuer briefly unreachable)
      throw error;
    });
    return verifier;
  };

  return async (token) => {
    if (token.split('.').length !== 3) return null;
    let payload: JWTPayload;
    try {
      const { issuer, keys, audiences } = await load();
      ({ payload } = await jwtVerify(token, keys, { issuer, clockTolerance: 5 }));
      if (!hasAudience(payload, audiences)) return null;
    } catch {
      return null;
    }
    const account = await accountOf(db, config, payload);
    return account?.enabled ? toSessionUser(account, await workplaceOf(db, account)) : null;
  };
}

async function buildVerifier(config: Config, db: DbOrTx): Promise<Verifier> {
  if (!config.oidc) {
    const keys = await loadSigningKeys(db);
    return { issuer: builtInIssuer(config), keys: createLocalJWKSet(publicJwks(keys)), audiences: [apiResource(config)] };
  }
  const issuer = config.oidc.issuer.replace(/\/$/, '');
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status}`);
  const metadata = (await response.json()) as { issuer: string; jwks_uri: string };
  // Entra ID and Keycloak put the API or client id in `aud`; Cognito access tokens carry
  // `client_id` instead (checked in hasAudience).
  return { issuer: metadata.issuer, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)), audiences: [apiResource(config), config.oidc.clientId] };
}

function hasAudience(payload: JWTPayload, audiences: string[]): boolean {
  const aud = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
  if (aud.some((a) => audiences.includes(a))) return true;
  return aud.length === 0 && typeof payload.client_id === 'string' && audiences.includes(payload.client_id);
}

async function accountOf(db: DbOrTx, config: Config, payload: JWTPayload): Promise<AccountRow | null> {
  if (!config.oidc) return payload.sub && UUID.test(payload.sub) ? findAccountById(db, payload.sub) : null;
  // External issuers: the linked subject, else the e-mail (accounts are created by admins).
  if (payload.sub) {
    const linked = await findAccountByExternalSubject(db, payload.sub);
    if (linked) return linked;
  }
  const email = typeof payload.email === 'string' ? payload.email : typeof payload.upn === 'string' ? payload.upn : null;
  return email ? findAccountByEmail(db, email) : null;
}

