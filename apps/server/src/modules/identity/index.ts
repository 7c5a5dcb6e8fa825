import type { FastifyInstance } from 'fastify';
import { readSetting } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { loadSigningKeys } from '../../platform/auth/oidc-keys';
import { createOidcProvider } from '../../platform/auth/oidc-provider';
import { registerIdentityRoutes } from './identity.routes';
import { createPortalOidc } from './oidc-client';
import { messagePage } from './pages';
import { registerProviderRoutes } from './provider.routes';

/** The identity module's public door: sign-in, session and profile calls, and the built-in provider. */
export { createBearerVerifier } from '../../platform/auth/bearer';
export { SIGN_IN_MESSAGES } from './sign-in.service';

// The airport name of the sign-in page. TODO(settings): read the stored AIRPORT_NAME once the
// settings module exposes a reader through its index; until then the default name is shown.
const airportName = async (): Promise<string> => readSetting({}, 'AIRPORT_NAME');

export async function registerIdentity(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
            airportName: await airportName(),
            title: 'Sign-in problem',
            message: out.error_description ?? out.error,
            link: { href: '/', text: 'Back to the portal' },
          });
        },
      },
    });
    await registerProviderRoutes(app, { config: ctx.config, db: ctx.db, provider, airportName });
  }
  await registerIdentityRoutes(app, ctx, createPortalOidc(app, ctx.config));
}
