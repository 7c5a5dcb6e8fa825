import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { geocodeRoutes } from './geocode.routes';
import { listingsRoutes } from './listings.routes';
import { masterDataRoutes } from './master-data.routes';
import { propertiesRoutes } from './properties.routes';
import { imageStorageOn } from './property-images';
import { propertyExists } from './properties.repo';
import { moduleOwner, attachmentOwners } from '../attachments/index';

/** The properties module's public door. */
export async function registerProperties(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const storage = imageStorageOn(ctx.files);
  await masterDataRoutes(app, ctx);
  await propertiesRoutes(app, ctx, storage);
  await listingsRoutes(app, ctx);
  await geocodeRoutes(app, ctx);
  // Documents and Remarks (issue 3 item 5): access to a property's documents is access to it.
  ctx.plugins.provide(attachmentOwners, 'property', moduleOwner('Property', propertyExists));
}

/** Agreements provide where "Leased" and the lease history come from (issue 4); the wait list, who else uses a type. */
export { propertyLeases, propertyRentChanges, propertyTypeUsages, type LeaseSource, type PropertyRentListener } from './lease-source';
export { findProperty } from './properties.repo';
export { findPropertySummaries, listPropertySummaries } from './property-summaries';
export { findPropertyRents, propertyNameSql, propertyRentCentsSql, setPropertyRent, setPropertyRents } from './property-rents';
export { findPropertiesByNames, type PropertyByName } from './property-names';
export { propertyTypeDirectory } from './property-type-directory';
export { activePropertyOptionsSql, listActivePropertyOptions } from './property-options';
export { occupancyByPropertyType } from './report-facts';
// The asset map's address search uses the same proxy (its own route, for internal users).
export { searchPlaces, GEOCODE_RATE_LIMIT } from './geocode.routes';
export { propertiesImport } from './properties.import';
