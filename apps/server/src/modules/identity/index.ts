import type { FastifyInstance } from 'fastify';
import { readSetting } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { loadSigningKeys } from '../../platform/auth/oidc-keys';
import { createOidcProvider } from '../../platform/auth/oidc-provider';
import { registerIdentityRoutes } from './identity.routes';
import { createPortalOidc } from './oidc-client';
import { loadSystemSettings } from '../settings/index';
import { messagePage } from './pages';
import { registerProviderRoutes } from './provider.routes';
import { deleteStaleSignInThrottles } from './sign-in-throttle';

const SIGN_IN_THROTTLE_CLEANUP_JOB = 'sign-in-throttle-cleanup';

/** The identity module's public door: sign-in, session and profile calls, and the built-in provider. */
export { createBearerVerifier } from '../../platform/auth/bearer';
export { presentAccess } from './identity.presenter';

export async function registerIdentity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The airport name shown on the provider's pages (System Settings, or its default). */
  const airportName = async (): Promise<string> => readSetting(await loadSystemSettings(ctx.db, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  if (!ctx.config.oidc) {
    const keys = await loadSigningKeys(ctx.db);
    const provider = createOidcProvider({
      config: ctx.config,
      db: ctx.db,
      keys,
      pages: {
        renderError: async (koa, out) => {
          koa.type = 'html';
          koa.body = messagePage({
            // The page must render even while the database is away (the error may be that).
            airportName: await airportName().catch(() => readSetting({}, 'AIRPORT_NAME')),
            title: 'Sign-in problem',
            message: out.error_description ?? out.error,
            link: { href: '/', text: 'Back to the portal' },
          });
        },
      },
    });
    // Koa would print unexpected errors to stderr; they go to our log with the others. A database
    // that is away is a 503 here too, as on every API route (the response is sent after this).
    provider.on('server_error', (koa, error: Error) => {
      if (isDatabaseUnavailable(error)) {
        koa.status = 503;
        ctx.log.warn({ err: error }, 'OIDC provider: database unavailable');
      } else ctx.log.error({ err: error }, 'OIDC provider error');
    });
    await registerProviderRoutes(app, { config: ctx.config, db: ctx.db, provider, airportName });
  }
  await registerIdentityRoutes(app, ctx, createPortalOidc(app, ctx.config));
  // Nightly: forget (account, address) pairs with no wrong password for a day.
  ctx.jobs.schedule(SIGN_IN_THROTTLE_CLEANUP_JOB, '27 3 * * *', () => deleteStaleSignInThrottles(ctx.db));
}
