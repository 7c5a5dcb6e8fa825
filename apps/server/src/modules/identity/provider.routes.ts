import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { SIGN_IN_LIMITS } from '@apron/core';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo/demo-accounts';
import { API_SCOPE, PORTAL_CLIENT_ID, PORTAL_SCOPES, apiResource } from '../../platform/auth/oidc-provider';
import { SIGN_IN_CSS, STYLESHEET_PATH, messagePage, setPasswordPage, signInPage } from './pages';
import { checkPassword, isPasswordTokenLive, setPasswordWithToken } from './sign-in.service';

export interface ProviderRoutesOptions {
  config: Config;
  db: Db;
  provider: Provider;
  airportName: () => Promise<string>;
}

const MOUNT = '/oidc';
/** Sign-in and set-password posts per address and minute (on top of the per-account-and-address slow-down). */
const FORM_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

type FormBody = Record<string, string | undefined>;

function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The demo accounts the sign-in page lists, on a demo server only. */
function demoAccountsOf(config: Config) {
  return config.demo ? { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD } : null;
}

async function sendExpiredPage(reply: FastifyReply, options: ProviderRoutesOptions): Promise<FastifyReply> {
  return sendHtml(
    reply,
    messagePage({
      airportName: await options.airportName(),
      title: 'Sign-in expired',
      message: 'This sign-in page has expired. Start again from the portal.',
      link: { href: '/api/Login', text: 'Start again' },
    }),
    400,
  );
}

/** The interaction of this browser (its `_interaction` cookie) — and it must be this uid. */
async function interactionOf(provider: Provider, request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return details.uid === request.params.uid ? details : null;
  } catch {
    return null;
  }
}

/**
 * oidc-provider is a Koa application. Its routes are served by one hijacked catch-all route
 * that strips the `/oidc` mount (oidc-provider reads the mount from `originalUrl`); URLs in
 * discovery and redirects always use PUBLIC_URL (see createOidcProvider). The body
 * is left unread for the provider's own parser. Our interaction pages are ordinary Fastify
 * routes under the same prefix; find-my-way prefers them over the wildcard.
 */
export async function registerProviderRoutes(app: FastifyInstance, options: ProviderRoutesOptions): Promise<void> {
  const callback = options.provider.callback();
  await app.register(async (mount) => mountProvider(mount, callback));
  await app.register(async (pages) => {
    prepareHtmlPages(pages);
    signInRoutes(pages, options);
    setPasswordRoutes(pages, options);
  });
}

/** The provider's own routes: one hijacked catch-all under `/oidc`, the body left for its parser. */
function mountProvider(mount: FastifyInstance, callback: ReturnType<Provider['callback']>): void {
  mount.removeAllContentTypeParsers();
  mount.addContentTypeParser('*', (_request: FastifyRequest, _payload: IncomingMessage, done: (err: Error | null, body?: unknown) => void) => done(null));
  mount.all(`${MOUNT}/*`, { schema: { hide: true } }, (request, reply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(MOUNT.length) || '/';
    // The provider takes its origin from PUBLIC_URL (createOidcProvider); the caller's address
    // is the one Fastify resolved, which follows TRUST_PROXY.
    raw.headers['x-forwarded-for'] = request.ip;
    void callback(raw, reply.raw);
  });
}

/** Our interaction pages: hidden from the API description, form posts parsed, their stylesheet. */
function prepareHtmlPages(pages: FastifyInstance): void {
  // The provider's pages are HTML for people, not part of the API description.
  pages.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  pages.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(SIGN_IN_CSS),
  );
}

/** The sign-in page of an interaction and its form post. */
function signInRoutes(pages: FastifyInstance, options: ProviderRoutesOptions): void {
  const { config, db, provider } = options;
  pages.get<{ Params: { uid: string } }>(`${MOUNT}/interaction/:uid`, async (request, reply) => {
    const details = await interactionOf(provider, request, reply);
    if (!details) return sendExpiredPage(reply, options);
    if (details.prompt.name === 'consent' && details.params.client_id === PORTAL_CLIENT_ID) {
      // First-party portal: normally loadExistingGrant already covers this; grant and go on.
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ clientId: PORTAL_CLIENT_ID, accountId: details.session!.accountId }))
        : new provider.Grant({ clientId: PORTAL_CLIENT_ID, accountId: details.session!.accountId });
      grant.addOIDCScope(PORTAL_SCOPES);
      grant.addResourceScope(apiResource(config), API_SCOPE);
      const grantId = await grant.save();
      const redirectTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return reply.redirect(redirectTo, 303);
    }
    if (details.prompt.name !== 'login') return sendExpiredPage(reply, options);
    const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    return sendHtml(
      reply,
      signInPage({ airportName: await options.airportName(), action: `${MOUNT}/interaction/${details.uid}/login`, email: loginHint, demo: demoAccountsOf(config) }),
    );
  });

  pages.post<{ Params: { uid: string }; Body: FormBody }>(
    `${MOUNT}/interaction/:uid/login`,
    { config: { rateLimit: FORM_RATE_LIMIT } },
    async (request, reply) => {
      // The interaction cookie is httpOnly, SameSite=Lax and scoped to this path: a post
      // without it (another site, a stale tab) is refused.
      const details = await interactionOf(provider, request, reply);
      if (!details || details.prompt.name !== 'login') return sendExpiredPage(reply, options);
      const email = String(request.body?.email ?? '').trim().slice(0, 254);
      const password = String(request.body?.password ?? '').slice(0, 1024);
      // The caller's address as the API sees it (X-Forwarded-For only with TRUST_PROXY).
      const outcome = await checkPassword(db, email, password, request.ip);
      if (!outcome.ok) {
        const page = signInPage({
          airportName: await options.airportName(),
          action: `${MOUNT}/interaction/${details.uid}/login`,
          email,
          error: outcome.message,
          demo: demoAccountsOf(config),
        });
        return sendHtml(reply, page, 200);
      }
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: outcome.accountId, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    },
  );
}

/** The set-password page of a one-time link and its form post. */
function setPasswordRoutes(pages: FastifyInstance, options: ProviderRoutesOptions): void {
  const { db } = options;
  pages.get<{ Params: { token: string } }>(`${MOUNT}/set-password/:token`, async (request, reply) => {
    const airportName = await options.airportName();
    if (!(await isPasswordTokenLive(db, request.params.token))) return sendHtml(reply, linkUsedPage(airportName), 410);
    return sendHtml(reply, setPasswordPage({ airportName, action: request.url.split('?')[0]!, minLength: SIGN_IN_LIMITS.minPasswordLength }));
  });

  pages.post<{ Params: { token: string }; Body: FormBody }>(
    `${MOUNT}/set-password/:token`,
    { config: { rateLimit: FORM_RATE_LIMIT } },
    async (request, reply) => {
      const airportName = await options.airportName();
      const outcome = await setPasswordWithToken(
        db,
        request.params.token,
        String(request.body?.password ?? ''),
        String(request.body?.confirm ?? ''),
        request.id,
      );
      if (outcome.ok) {
        return sendHtml(
          reply,
          messagePage({ airportName, title: 'Password set', message: 'Your password is set. You can sign in now.', link: { href: '/api/Login', text: 'Sign in' } }),
        );
      }
      if ('expired' in outcome) return sendHtml(reply, linkUsedPage(airportName), 410);
      return sendHtml(
        reply,
        setPasswordPage({ airportName, action: request.url.split('?')[0]!, minLength: SIGN_IN_LIMITS.minPasswordLength, errors: outcome.errors }),
        400,
      );
    },
  );
}

function linkUsedPage(airportName: string): string {
  return messagePage({
    airportName,
    title: 'Link expired',
    message: 'This link has expired or was already used. Ask an administrator for a new one.',
  });
}
