import { randomUUID } from 'node:crypto';
import { AIRPORT_LOGO_LIMITS } from '@apron/core';
import type { Db } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError, notFound } from '../../platform/errors/app-error';
import { sniffImageType, type FileStorage } from '../../platform/files/index';
import { airportLogoKey, findAirport, updateAirport, withAirport, type AirportRow } from '../../platform/tenancy/index';
import { auditAirport } from './airports.presenter';

/**
 * The logo as stored: a PNG (pdfkit embeds PNG and JPEG, e-mail clients show PNG), at most
 * AIRPORT_LOGO_LIMITS.height high and maxWidth wide, never enlarged, turned upright by its EXIF
 * orientation and without its metadata. sharp (native) loads on the first upload, not at start-up.
 */
async function normalizeLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > AIRPORT_LOGO_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', AIRPORT_LOGO_LIMITS.tooLargeMessage);
  if (!(await sniffImageType(bytes, AIRPORT_LOGO_LIMITS.types))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', AIRPORT_LOGO_LIMITS.typeMessage);
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ height: AIRPORT_LOGO_LIMITS.height, width: AIRPORT_LOGO_LIMITS.maxWidth, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read.');
  }
}

/** Names the airport's logo (or none) in its record, audited in that airport's log. */
async function recordLogo(db: Db, actor: AuditActor, before: AirportRow, logoKey: string | null): Promise<AirportRow> {
  return withAirport(before.id, () =>
    db.transaction(async (tx) => {
      const after = await updateAirport(tx, before.id, { logoKey });
      if (!after) throw notFound('No airport found.');
      await recordAudit(tx, actor, { action: 'update', entity: 'airport', entityId: before.id, before: auditAirport(before), after: auditAirport(after) });
      return after;
    }),
  );
}

/** A stored file that is no longer named anywhere; a failure leaves an orphan file, never a broken logo. */
async function forget(files: FileStorage, key: string | null): Promise<void> {
  if (key) await files.delete(key).catch(() => undefined);
}

/** Uploads or replaces the airport's logo: checked and resized first, stored under a new key, then named. */
export async function setAirportLogo(db: Db, files: FileStorage, actor: AuditActor, airportId: string, bytes: Buffer): Promise<AirportRow> {
  const before = await findAirport(db, airportId);
  if (!before) throw notFound('No airport found.');
  const png = await normalizeLogo(bytes);
  const key = airportLogoKey(airportId, randomUUID());
  await files.put(key, png, 'image/png');
  try {
    const after = await recordLogo(db, actor, before, key);
    await forget(files, before.logoKey);
    return after;
  } catch (error) {
    await forget(files, key);
    throw error;
  }
}

/** Removes the airport's logo: its pages, documents and e-mails look as they did before it had one. */
export async function removeAirportLogo(db: Db, files: FileStorage, actor: AuditActor, airportId: string): Promise<AirportRow> {
  const before = await findAirport(db, airportId);
  if (!before) throw notFound('No airport found.');
  if (!before.logoKey) return before;
  const after = await recordLogo(db, actor, before, null);
  await forget(files, before.logoKey);
  return after;
}
