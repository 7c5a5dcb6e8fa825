import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasModule, readSetting, ZAppConfig, ZSettingPair, type TAppConfig } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { currentAirportLogoUrl } from '../../platform/tenancy/index';
import { listSettingPairs, loadSystemSettings } from './system-settings';

/**
 * Public settings read on every page load: one small indexed query each, nothing cached in the
 * process (N instances would serve stale values after an edit).
 */
export async function publicSettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Getsettings',
    { config: { access: 'public' }, schema: { tags: ['settings'], response: { 200: z.array(ZSettingPair) } } },
    // Anonymous callers and users without Settings get the public settings only (PRODUCT-RULES 14).
    async (request) => listSettingPairs(ctx.db, hasModule(request.user, 'Settings')),
  );

  r.get(
    '/api/AppConfig',
    { config: { access: 'public' }, schema: { tags: ['settings'], response: { 200: ZAppConfig } } },
    async (): Promise<TAppConfig> => {
      const values = await loadSystemSettings(ctx.db, ['LANDING_LINKS', 'AIRPORT_NAME']);
      const logoUrl = await currentAirportLogoUrl(ctx.db);
      return {
        name: 'appconfig',
        jsonvalue: {
          landinglinks: readSetting(values, 'LANDING_LINKS'),
          airportName: readSetting(values, 'AIRPORT_NAME'),
          logoUrl,
          demo: ctx.config.demo,
          // Payments go through the built-in test provider until a real one is configured.
          testMode: true,
          mapStreetsUrl: ctx.config.mapTiles.streetsUrl,
          mapSatelliteUrl: ctx.config.mapTiles.satelliteUrl,
        },
      };
    },
  );
}
