import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { readSetting, type TWaitlistGridQuery } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { countMatching, type ListCount } from '../../platform/http/list-count';
import { containsPattern } from '../../platform/http/list-search';
import { resolveSort } from '../../platform/http/list-sort';
import { propertyTypeDirectory } from '../properties/index';
import { loadSystemSettings } from '../settings/index';
import { waitlistApplicants as a, waitlistFactSheets, type ApplicantRow, type NewApplicant } from './waitlist.table';

/** An applicant with the name of its property type and its place in the type's queue. */
export type ApplicantView = ApplicantRow & { propertyTypeName: string; position: number };

// ---- The private link ------------------------------------------------------------------------

/** A new unguessable token (192 random bits) and the hash that is stored in its place. */
export function newPrivateToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashPrivateToken(token) };
}

export function hashPrivateToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The applicant a private-link token belongs to, or null (unknown token, or the applicant was deleted). */
export async function applicantIdForPrivateToken(db: DbOrTx, token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.select({ id: a.id }).from(a).where(eq(a.privateTokenHash, hashPrivateToken(token))).limit(1);
  return row?.id ?? null;
}

export interface ChatApplicantRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Whether the private-link token given with the lookup is this applicant's. */
  tokenMatches: boolean;
}

/** Built and prepared once per app (the chat's routes): every open chat polls it every few seconds. */
function buildChatApplicantQuery(db: DbOrTx) {
  return db
    .select({
      id: a.id, email: a.email, firstName: a.firstName, lastName: a.lastName,
      tokenMatches: sql<boolean>`coalesce(${a.privateTokenHash} = ${sql.placeholder('tokenHash')}, false)`,
    })
    .from(a)
    .where(eq(a.id, sql.placeholder('id')))
    .limit(1)
    .prepare('apron_chat_applicant');
}
/**
 * Whom the chat talks to: the applicant's id, e-mail and names, or null when there is none; and,
 * in the same statement, whether `privateToken` (a private link's, when given) is theirs.
 */
export type ChatApplicantLookup = (applicantId: string, privateToken?: string) => Promise<ChatApplicantRow | null>;

export function createChatApplicantLookup(db: DbOrTx): ChatApplicantLookup {
  const query = buildChatApplicantQuery(db);
  return async (applicantId, privateToken) => {
    if (!/^[0-9a-f-]{36}$/i.test(applicantId)) return null;
    const tokenHash = privateToken && privateToken.length <= 200 ? hashPrivateToken(privateToken) : null;
    const [row] = await query.execute({ id: applicantId, tokenHash });
    return row ? { ...row, tokenMatches: row.tokenMatches === true } : null;
  };
}

// ---- The queue ------------------------------------------------------------------------------

/**
 * An applicant's place in its type's queue (PRODUCT-RULES 20): 1 + the applicants of the same
 * type ahead of it by (queued_at, id). `row` is the outer query's table (or an alias of it).
 */
function positionSql(row: typeof a): SQL<number> {
  return sql<number>`(select count(*)::int + 1 from waitlist_applicants ahead where ahead.property_type_id = ${row.propertyTypeId} and (ahead.queued_at, ahead.id) < (${row.queuedAt}, ${row.id}))`;
}

const SORTS: Record<string, Array<SQL | AnyPgColumn>> = {
  queue: [a.queuedAt, a.id],
  // The grid's Queue # column sorts by its field name.
  queuePosition: [a.queuedAt, a.id],
  firstName: [sql`lower(${a.firstName})`, a.queuedAt, a.id],
  lastName: [sql`lower(${a.lastName})`, a.queuedAt, a.id],
  createdAt: [a.joinedAt, a.id],
  phone: [a.phone, a.queuedAt, a.id],
  email: [sql`lower(${a.email})`, a.queuedAt, a.id],
  organization: [sql`lower(${a.organization})`, a.queuedAt, a.id],
  status: [a.status, a.queuedAt, a.id],
};

/**
 * The type grid: one page of a type's applicants, sorted and filtered in SQL, each with its
 * Queue #. In queue order without filters the number is the row's place on the page (an index
 * walk of `waitlist_applicants_queue_idx` that stops at the page); otherwise each row of the page
 * counts the applicants ahead of it (the same index, only for the page's rows).
 */
export async function listApplicantsOfType(db: DbOrTx, typeId: string, query: TWaitlistGridQuery): Promise<{ rows: ApplicantView[]; count: ListCount }> {
  const filters: SQL[] = [eq(a.propertyTypeId, typeId)];
  if (query.status) filters.push(eq(a.status, query.status));
  if (query.q) {
    filters.push(sql`lower(${a.firstName} || ' ' || ${a.lastName} || ' ' || ${a.email} || ' ' || ${a.organization} || ' ' || ${a.phone}) like ${containsPattern(query.q)}`);
  }
  const where = and(...filters);
  const sort = resolveSort(SORTS, query.sort, { field: 'queue', direction: 'asc' });
  const order = sort.by.map((part) => (sort.direction === 'desc' ? desc(part as AnyPgColumn) : asc(part as AnyPgColumn)));
  const offset = (query.page - 1) * query.pageSize;
  const plainQueue = (sort.field === 'queue' || sort.field === 'queuePosition') && sort.direction === 'asc' && filters.length === 1;
  const rows = await db
    .select({ row: a, propertyTypeName: propertyTypeDirectory.name, position: plainQueue ? sql<number>`0` : positionSql(a) })
    .from(a)
    .innerJoin(propertyTypeDirectory, eq(propertyTypeDirectory.id, a.propertyTypeId))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset);
  const count = await countMatching(db, () => db.select({ id: a.id }).from(a).where(where).$dynamic(), query);
  return {
    rows: rows.map((r, i) => ({ ...r.row, propertyTypeName: r.propertyTypeName, position: plainQueue ? offset + i + 1 : Number(r.position) })),
    count,
  };
}

/** One applicant with its type's name and its Queue # (no scope: staff and the private link only). */
export async function findApplicant(db: DbOrTx, id: string, forUpdate = false): Promise<ApplicantView | null> {
  if (forUpdate) {
    const [locked] = await db.select({ id: a.id }).from(a).where(eq(a.id, id)).for('update');
    if (!locked) return null;
  }
  const [row] = await db
    .select({ row: a, propertyTypeName: propertyTypeDirectory.name, position: positionSql(a) })
    .from(a)
    .innerJoin(propertyTypeDirectory, eq(propertyTypeDirectory.id, a.propertyTypeId))
    .where(eq(a.id, id))
    .limit(1);
  return row ? { ...row.row, propertyTypeName: row.propertyTypeName, position: Number(row.position) } : null;
}

/** The e-mails of everyone on the wait list (the alerts' APPLICANTS group), deduplicated. */
export async function listApplicantEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ email: sql<string>`lower(${a.email})` }).from(a).where(sql`${a.email} <> ''`);
  return rows.map((r) => r.email);
}

/** An applicant's fields for a notice template (SendNotices with module Waitlist), from stored data. */
export async function applicantTemplateFields(db: DbOrTx, id: string): Promise<{ email: string; fields: Record<string, string | number> } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const applicant = await findApplicant(db, id);
  if (!applicant) return null;
  return {
    email: applicant.email,
    fields: {
      firstName: applicant.firstName, lastName: applicant.lastName, email: applicant.email, organization: applicant.organization,
      propertyType: applicant.propertyTypeName, status: applicant.status, position: applicant.position,
    },
  };
}

/** How many wait for a type. */
export async function countWaiting(db: DbOrTx, typeId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(a).where(eq(a.propertyTypeId, typeId));
  return row?.n ?? 0;
}

export async function propertyTypeExists(db: DbOrTx, typeId: string): Promise<boolean> {
  const [row] = await db.select({ id: propertyTypeDirectory.id }).from(propertyTypeDirectory).where(eq(propertyTypeDirectory.id, typeId)).limit(1);
  return !!row;
}

export async function listPropertyTypeOptions(db: DbOrTx): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: propertyTypeDirectory.id, name: propertyTypeDirectory.name }).from(propertyTypeDirectory).orderBy(sql`lower(${propertyTypeDirectory.name})`, asc(propertyTypeDirectory.id));
}

/** The airport's time zone (System Settings TIME_ZONE). */
export async function airportTimeZone(db: DbOrTx): Promise<string> {
  return readSetting(await loadSystemSettings(db, ['TIME_ZONE']), 'TIME_ZONE');
}

/**
 * `/waitList`: every property type with how many wait and how many joined this calendar week
 * (Monday 00:00 in the airport time zone, as PostgreSQL's `date_trunc('week')`), in one
 * aggregate query.
 */
export async function listTypeSummaries(db: DbOrTx, timeZone: string): Promise<Array<{ id: string; name: string; waiting: number; joinedThisWeek: number }>> {
  const weekStart = sql`(date_trunc('week', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  return db
    .select({
      id: propertyTypeDirectory.id,
      name: propertyTypeDirectory.name,
      waiting: sql<number>`count(${a.id})::int`,
      joinedThisWeek: sql<number>`(count(${a.id}) filter (where ${a.joinedAt} >= ${weekStart}))::int`,
    })
    .from(propertyTypeDirectory)
    .leftJoin(a, eq(a.propertyTypeId, propertyTypeDirectory.id))
    .groupBy(propertyTypeDirectory.id, propertyTypeDirectory.name)
    .orderBy(sql`lower(${propertyTypeDirectory.name})`, asc(propertyTypeDirectory.id));
}

export async function insertApplicant(db: DbOrTx, values: NewApplicant): Promise<ApplicantRow> {
  const [row] = await db.insert(a).values(values).returning();
  return row!;
}

export async function updateApplicantRow(db: DbOrTx, id: string, values: Partial<NewApplicant>): Promise<ApplicantRow> {
  const [row] = await db.update(a).set({ ...values, updatedAt: new Date() }).where(eq(a.id, id)).returning();
  return row!;
}

export async function deleteApplicantRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(a).where(eq(a.id, id));
}

/**
 * Put an applicant at `position` (1-based, clamped to the queue) of its type's queue by giving it
 * a `queued_at` between its new neighbours. Neighbours with no room between them (equal times, or
 * one microsecond apart) first have the rest of the queue moved 2 microseconds later, which keeps
 * everybody else's order. All in SQL, since JavaScript dates drop microseconds. The caller holds
 * the type's lock. Returns the position taken.
 */
export async function placeInQueue(db: DbOrTx, applicant: ApplicantRow, position: number): Promise<number> {
  const others = and(eq(a.propertyTypeId, applicant.propertyTypeId), ne(a.id, applicant.id));
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(a).where(others);
  const target = Math.max(1, Math.min(position, n + 1));
  const neighbours = await db
    .select({ id: a.id })
    .from(a)
    .where(others)
    .orderBy(asc(a.queuedAt), asc(a.id))
    .offset(Math.max(0, target - 2))
    .limit(target === 1 ? 1 : 2);
  const prev = target === 1 ? undefined : neighbours[0];
  const next = target === 1 ? neighbours[0] : neighbours[1];
  const at = (id: string) => sql`(select q.queued_at from waitlist_applicants q where q.id = ${id})`;
  let queuedAt: SQL;
  if (!prev && !next) return 1;
  if (!prev) queuedAt = sql`${at(next!.id)} - interval '1 microsecond'`;
  else if (!next) queuedAt = sql`${at(prev.id)} + interval '1 microsecond'`;
  else {
    const [gap] = await db.execute<{ roomy: boolean }>(sql`select (${at(next.id)} - ${at(prev.id)}) > interval '1 microsecond' as roomy`).then((r) => (r as unknown as { rows: Array<{ roomy: boolean }> }).rows);
    if (!gap?.roomy) {
      await db
        .update(a)
        .set({ queuedAt: sql`${a.queuedAt} + interval '2 microseconds'` })
        .where(and(others, sql`(${a.queuedAt}, ${a.id}) >= (${at(next.id)}, ${next.id}::uuid)`));
    }
    queuedAt = sql`${at(prev.id)} + (${at(next.id)} - ${at(prev.id)}) / 2`;
  }
  await db.update(a).set({ queuedAt, updatedAt: new Date() }).where(eq(a.id, applicant.id));
  return target;
}

/** One mover at a time per type's queue (held to the end of the transaction). */
export async function lockQueue(db: DbOrTx, typeId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'waitlist-queue:' + typeId}))`);
}

// ---- Reports (the reports module's door) ---------------------------------------------------

/**
 * Joins per hour, day or month between `start` (inclusive) and `end` (exclusive); each bucket is
 * its local start in the airport time zone as ISO text (`2026-11-23T00:00:00`). Empty buckets are
 * left out.
 */
export async function waitlistJoinsByBucket(db: DbOrTx, range: { start: Date; end: Date; grouping: 'hour' | 'day' | 'month' }): Promise<Array<{ bucket: string; count: number }>> {
  const timeZone = await airportTimeZone(db);
  const unit = { hour: 'hour', day: 'day', month: 'month' }[range.grouping];
  const bucket = sql<string>`to_char(date_trunc(${unit}, ${a.joinedAt} at time zone ${timeZone}), 'YYYY-MM-DD"T"HH24:MI:SS')`;
  const rows = await db
    .select({ bucket, count: sql<number>`count(*)::int` })
    .from(a)
    .where(and(sql`${a.joinedAt} >= ${range.start.toISOString()}::timestamptz`, sql`${a.joinedAt} < ${range.end.toISOString()}::timestamptz`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ bucket: r.bucket, count: Number(r.count) }));
}

/** Everybody on the wait list, all types. */
export async function waitlistLength(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(a);
  return row?.n ?? 0;
}

// ---- Fact sheets ----------------------------------------------------------------------------

export async function currentFactSheet(db: DbOrTx) {
  const [row] = await db.select().from(waitlistFactSheets).orderBy(desc(waitlistFactSheets.createdAt), desc(waitlistFactSheets.id)).limit(1);
  return row ?? null;
}

export async function insertFactSheet(db: DbOrTx, values: typeof waitlistFactSheets.$inferInsert) {
  const [row] = await db.insert(waitlistFactSheets).values(values).returning();
  return row!;
}

export async function findApplicantsByIds(db: DbOrTx, ids: string[]): Promise<ApplicantRow[]> {
  return ids.length ? db.select().from(a).where(inArray(a.id, ids)) : [];
}
