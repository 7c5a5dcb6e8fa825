import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as client from 'openid-client';
import {
  SESSION_NOT_VALID,
  SESSION_TTL_SECONDS,
  ZAccessAnswer,
  ZAuthorizeAnswer,
  ZLoginQuery,
  ZLogoutAnswer,
  ZMe,
  ZMeUpdate,
  ZSessionAnswer,
  isSafeReturnTo,
} from '@apron/core';
import { signedInActorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { endProviderSessionsOfAccount } from '../../platform/auth/oidc-adapter';
import { SESSION_COOKIE, createSession, endSession, toSessionUser } from '../../platform/auth/sessions';
import { workplaceOf } from '../../platform/tenancy/workplace';
import type { ZodApp } from '../../platform/http/zod-app';
import { presentAccess, presentMe } from './identity.presenter';
import { accountForIdToken, saveSignInRequest, takeSignInRequest, updateMe } from './identity.service';
import type { PortalOidc } from './oidc-client';

const notValid = () => new AppError('UNAUTHENTICATED', SESSION_NOT_VALID);

const sessionCookieOptions = (config: AppContext['config']) => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', secure: config.secureCookies });

export async function registerIdentityRoutes(root: FastifyInstance, ctx: AppContext, oidc: PortalOidc): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  signInRoutes(app, ctx, oidc);
  sessionRoutes(app, ctx, oidc);
}

/** Sign-in through the OpenID provider: the redirect to it, and the code it sends back. */
function signInRoutes(app: ZodApp, ctx: AppContext, oidc: PortalOidc): void {
  const { config, db } = ctx;
  const cookieOptions = sessionCookieOptions(config);
  app.get(
    '/api/Login',
    { config: { access: 'public' }, schema: { querystring: ZLoginQuery, tags: ['identity'] } },
    async (request, reply) => {
      const returnTo = request.query.returnTo || '/';
      // A path on this site only: never an open redirect to another origin.
      if (!isSafeReturnTo(returnTo)) throw fieldError('returnTo', 'Return path must be a path on this site');
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      await saveSignInRequest(db, { state, nonce, codeVerifier, returnTo });
      const url = await oidc.authorizationUrl({ state, nonce, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier) });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  app.get(
    '/api/Authorize/:code',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ code: z.string().max(2000) }),
        querystring: z.object({ state: z.string().max(500).optional(), iss: z.string().max(500).optional() }),
        response: { 200: ZAuthorizeAnswer },
        tags: ['identity'],
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const { state, iss } = request.query;
      if (!state || !code) throw notValid();
      const pending = await takeSignInRequest(db, state);
      if (!pending) throw notValid();
      const callbackUrl = new URL(`${config.publicUrl}/signin`);
      callbackUrl.searchParams.set('code', code);
      callbackUrl.searchParams.set('state', state);
      if (iss) callbackUrl.searchParams.set('iss', iss);
      let exchanged: Awaited<ReturnType<PortalOidc['exchangeCode']>>;
      try {
        exchanged = await oidc.exchangeCode(callbackUrl, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
      } catch (error) {
        request.log.info({ err: error }, 'sign-in callback refused');
        throw notValid();
      }
      const account = await accountForIdToken(db, exchanged.claims, oidc.isBuiltIn);
      if (!account) throw notValid();
      const session = await createSession(db, account.id, exchanged.idToken);
      reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, maxAge: SESSION_TTL_SECONDS });
      reply.header('cache-control', 'no-store');
      return { message: 'Welcome User' as const, returnTo: pending.returnTo, ...presentAccess(toSessionUser(account, await workplaceOf(db, account))) };
    },
  );

}

/** The signed-in session: sign out, who am I, my profile. */
function sessionRoutes(app: ZodApp, ctx: AppContext, oidc: PortalOidc): void {
  const { db } = ctx;
  const cookieOptions = sessionCookieOptions(ctx.config);
  app.post(
    '/api/Logout',
    { config: { access: 'signedIn' }, schema: { response: { 200: ZLogoutAnswer }, tags: ['identity'] } },
    async (request, reply) => {
      const idToken = request.session?.idToken ?? null;
      if (request.session) await endSession(db, request.session.id);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      if (oidc.isBuiltIn) {
        // The built-in provider's session is ended here, server-side, instead of sending the
        // browser to its end-session page: that page asks for a confirmation click, and
        // skipping the click would need an inline script our CSP forbids. The browser just
        // goes home; its next sign-in asks for the password again.
        await endProviderSessionsOfAccount(db, request.user!.id);
        return { endSessionUrl: '/' };
      }
      // External providers end their own session on their end-session page.
      const endSessionUrl = await oidc.endSessionUrl(idToken).catch(() => null);
      return { endSessionUrl: endSessionUrl ?? '/' };
    },
  );

  app.get(
    '/api/Access',
    { config: { access: 'signedIn' }, schema: { response: { 200: ZAccessAnswer }, tags: ['identity'] } },
    async (request) => presentAccess(request.user!),
  );

  app.get(
    '/api/Session',
    { config: { access: 'public' }, schema: { response: { 200: ZSessionAnswer }, tags: ['identity'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return request.user ? { signedIn: true as const, ...presentAccess(request.user) } : { signedIn: false as const };
    },
  );

  app.get(
    '/api/Me',
    { config: { access: 'signedIn' }, schema: { response: { 200: ZMe }, tags: ['identity'] } },
    async (request) => presentMe(request.user!),
  );

  app.put(
    '/api/Me',
    { config: { access: 'signedIn' }, schema: { body: ZMeUpdate, response: { 200: ZMe }, tags: ['identity'] } },
    async (request) => presentMe(await updateMe(db, signedInActorOf(request), request.body)),
  );
}
