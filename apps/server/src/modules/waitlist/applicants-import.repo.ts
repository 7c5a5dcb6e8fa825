import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { propertyTypeDirectory } from '../properties/index';
import { hashPrivateToken } from './waitlist.repo';
import { waitlistApplicants as a } from './waitlist.table';

/**
 * The applicants import's statements (issue 23): a whole chunk per statement, the rows travelling
 * as one jsonb parameter.
 */

/** An applicant's fields as the import writes them and undo puts them back. */
export interface ApplicantFields {
  propertyTypeId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  organization: string;
  aircraftType: string;
  status: string;
  /** The day they joined (YYYY-MM-DD in the airport time zone). */
  joinedOn: string;
}

export interface StoredApplicant extends ApplicantFields {
  id: string;
  externalId: string;
  /** Exact (microseconds), as text: JavaScript dates would round it. */
  joinedAt: string;
  queuedAt: string;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Property types by name (lower-cased) -> id. */
export async function propertyTypeIdsByName(db: DbOrTx, names: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: propertyTypeDirectory.id, name: propertyTypeDirectory.name })
    .from(propertyTypeDirectory)
    .where(sql`lower(${propertyTypeDirectory.name}) in (select jsonb_array_elements_text(${json(wanted)}))`);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export async function findApplicantsByExternalIds(db: DbOrTx, externalIds: readonly string[], timeZone: string): Promise<Map<string, StoredApplicant>> {
  if (externalIds.length === 0) return new Map();
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select id, external_id, property_type_id, first_name, last_name, email, phone, organization, aircraft_type, status,
        to_char(joined_at at time zone ${timeZone}, 'YYYY-MM-DD') as joined_on, joined_at::text as joined_at, queued_at::text as queued_at
      from ${a} where external_id in (select jsonb_array_elements_text(${json([...new Set(externalIds)])}))`),
  );
  return new Map(rows.map((r) => [r.external_id!, {
    id: r.id!, externalId: r.external_id!, propertyTypeId: r.property_type_id!, firstName: r.first_name!, lastName: r.last_name!, email: r.email!,
    phone: r.phone!, organization: r.organization!, aircraftType: r.aircraft_type!, status: r.status!, joinedOn: r.joined_on!, joinedAt: r.joined_at!, queuedAt: r.queued_at!,
  }]));
}

const fieldsJson = (f: ApplicantFields) => ({
  property_type_id: f.propertyTypeId, first_name: f.firstName, last_name: f.lastName, email: f.email, phone: f.phone,
  organization: f.organization, aircraft_type: f.aircraftType, status: f.status, joined_on: f.joinedOn,
});
const FIELD_COLUMNS = sql.raw(`property_type_id uuid, first_name text, last_name text, email text, phone text, organization text,
  aircraft_type text, status text, joined_on date`);

/**
 * Adds applicants at the end of their types' queues, in `rank` order: their queue time is the batch
 * transaction's start plus `rank` microseconds, after everyone already waiting (who joined before
 * it) and before anyone joining after the import. `now()` is the same for every chunk of the batch
 * (one transaction), so the order does not depend on how the batch is cut into chunks. No private
 * link is made for them (a random token nobody holds); they get one by joining again.
 */
export async function insertApplicants(db: DbOrTx, rows: ReadonlyArray<{ externalId: string; fields: ApplicantFields; rank: number }>, timeZone: string): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const payload = rows.map((r) => ({ external_id: r.externalId, rank: r.rank, token_hash: hashPrivateToken(randomBytes(24).toString('base64url')), ...fieldsJson(r.fields) }));
  const inserted = rowsOf<{ id: string; external_id: string }>(
    await db.execute(sql`
      insert into ${a} (external_id, property_type_id, first_name, last_name, email, phone, organization, aircraft_type, status, joined_at, queued_at, private_token_hash)
      select r.external_id, r.property_type_id, r.first_name, r.last_name, r.email, r.phone, r.organization, r.aircraft_type, r.status,
        r.joined_on::timestamp at time zone ${timeZone}, now() + r.rank * interval '1 microsecond', r.token_hash
      from jsonb_to_recordset(${json(payload)}) as r(external_id text, rank bigint, token_hash text, ${FIELD_COLUMNS})
      returning id, external_id`),
  );
  return new Map(inserted.map((r) => [r.external_id, r.id]));
}

/**
 * Writes applicants' fields. An applicant moved to another type's queue takes its place there by the
 * time they joined (as the staff edit does); otherwise the queue place is left alone: only staff's
 * explicit, audited move changes it (PRODUCT-RULES 20). `queuedAt` (undo) puts an exact time back.
 */
export async function updateApplicants(db: DbOrTx, rows: ReadonlyArray<{ id: string; fields: ApplicantFields; joinedAt?: string; queuedAt?: string }>, timeZone: string): Promise<void> {
  if (rows.length === 0) return;
  const payload = rows.map((r) => ({ id: r.id, joined_at: r.joinedAt ?? null, queued_at: r.queuedAt ?? null, ...fieldsJson(r.fields) }));
  await db.execute(sql`
    update ${a} w set property_type_id = r.property_type_id, first_name = r.first_name, last_name = r.last_name, email = r.email, phone = r.phone,
      organization = r.organization, aircraft_type = r.aircraft_type, status = r.status,
      joined_at = coalesce(r.joined_at, case when to_char(w.joined_at at time zone ${timeZone}, 'YYYY-MM-DD') = r.joined_on::text then w.joined_at
        else r.joined_on::timestamp at time zone ${timeZone} end),
      queued_at = coalesce(r.queued_at, case when w.property_type_id = r.property_type_id then w.queued_at
        else coalesce(r.joined_at, r.joined_on::timestamp at time zone ${timeZone}) end),
      updated_at = now()
    from jsonb_to_recordset(${json(payload)}) as r(id uuid, joined_at timestamptz, queued_at timestamptz, ${FIELD_COLUMNS})
    where w.id = r.id`);
}

export async function deleteApplicants(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from ${a} where id in (select (jsonb_array_elements_text(${json(ids)}))::uuid)`);
}

/**
 * Every applicant in queue order (type by name, then queue time, id) with their type's name and their
 * place in its queue (the export). One statement: a wait list is people, not ledger rows.
 */
export async function listApplicantsForExport(db: DbOrTx, timeZone: string) {
  return db
    .select({
      id: a.id,
      externalId: a.externalId,
      typeName: propertyTypeDirectory.name,
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      phone: a.phone,
      organization: a.organization,
      aircraftType: a.aircraftType,
      status: a.status,
      joinedOn: sql<string>`to_char(${a.joinedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      place: sql<number>`row_number() over (partition by ${a.propertyTypeId} order by ${a.queuedAt}, ${a.id})`.mapWith(Number),
    })
    .from(a)
    .innerJoin(propertyTypeDirectory, eq(propertyTypeDirectory.id, a.propertyTypeId))
    .orderBy(sql`lower(${propertyTypeDirectory.name})`, asc(a.propertyTypeId), asc(a.queuedAt), asc(a.id));
}
