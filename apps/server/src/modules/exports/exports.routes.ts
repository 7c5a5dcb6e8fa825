import archiver from 'archiver';
import type { FastifyInstance } from 'fastify';
import { IMPORT_KINDS } from '@apron/core';
import type { AppContext } from '../../platform/context';
import { currentAirportScope, findAirport } from '../../platform/tenancy/index';
import { contentDisposition } from '../attachments/index';
import { importKind, importKindNames } from '../imports/index';
import { airportToday } from '../invoices/index';
import { writeAirportExport } from './export-zip';

const tags = ['exports'];

/**
 * `GET /api/Exports/All` (issue 23, Settings admins): everything of the caller's airport as a zip,
 * streamed as it is made (docs/import.md, "Export everything"). Every registered import kind is
 * exported, in dependency order, so a kind added to the registry is exported with no change here.
 */
export async function exportsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/Exports/All', { config: { access: 'admin:Settings' }, schema: { tags } }, async (request, reply) => {
    const airportId = currentAirportScope()?.airportId;
    const airport = airportId ? await findAirport(ctx.db, airportId) : null;
    const today = await airportToday(ctx.db);
    const registered = new Set(importKindNames());
    const kinds = IMPORT_KINDS.filter((name) => registered.has(name)).map((name) => importKind(name));

    const archive = archiver('zip', { zlib: { level: 6 } });
    // Headers are sent with the first bytes: a failure after that can only cut the download short
    // (logged; the zip's missing end makes it unreadable, never silently incomplete).
    writeAirportExport(archive, { db: ctx.db, files: ctx.files, kinds }).catch((error: unknown) => {
      request.log.error({ err: error }, 'export failed');
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const name = `${(airport?.code ?? 'airport').toLowerCase()}-export-${today}.zip`;
    return reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'private, no-store')
      .send(archive);
  });
}
