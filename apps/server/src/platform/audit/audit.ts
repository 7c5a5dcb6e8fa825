import { getTableColumns, sql, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TSessionUser } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { cte } from '../../db/prepared';
import { auditLog } from './audit.table';

type Values = Record<string, unknown>;

/** Fields never copied into the audit log. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'accountNum', 'routingNum']);

/** Whether a field's value is copied into the audit log (the SQL snapshot uses the same rule). */
function isAudited(field: string): boolean {
  return !SECRET_FIELDS.has(field);
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** `{ field: { from, to } }` for the fields whose value changed. */
export function diffValues(before: Values, after: Values): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET_FIELDS.has(key) || key === 'updatedAt') continue;
    const from = normalise(before[key]);
    const to = normalise(after[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = SECRET_FIELDS.has(key) ? { from: '***', to: '***' } : { from, to };
  }
  return changes;
}

function snapshot(values: Values): Values {
  return Object.fromEntries(Object.entries(values).filter(([k]) => isAudited(k)).map(([k, v]) => [k, normalise(v)]));
}

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | (string & {});
  entity: string;
  entityId: string;
  before?: Values;
  after?: Values;
  reason?: string;
}

export interface AuditActor {
  user: Pick<TSessionUser, 'id' | 'email'> | null;
  requestId?: string;
}

function auditRow(actor: AuditActor, entry: AuditEntry) {
  const changes =
    entry.action === 'update' && entry.before && entry.after
      ? diffValues(entry.before, entry.after)
      : snapshot(entry.after ?? entry.before ?? {});
  if (entry.action === 'update' && Object.keys(changes).length === 0) return null;
  return {
    actorId: actor.user?.id ?? null,
    actorEmail: actor.user?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes,
    reason: entry.reason ?? null,
    requestId: actor.requestId ?? null,
  };
}

/** Record a change in the same transaction as the change itself. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** Many changes by one actor in one statement (set-based runs and payments of several invoices). */
export async function recordAudits(tx: DbOrTx, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  const rows = entries.map((entry) => auditRow(actor, entry)).filter((row) => row !== null);
  if (rows.length > 0) await tx.insert(auditLog).values(rows);
}

/**
 * `recordAudits` for thousands of entries (an import's chunk): the same rows, sent as one jsonb
 * parameter instead of ten parameters per row, whose building costs more than the insert.
 */
export async function recordAuditsInBulk(tx: DbOrTx, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  const rows = entries.map((entry) => auditRow(actor, entry)).filter((row) => row !== null);
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, changes, reason, request_id)
    select r."actorId", r."actorEmail", r.action, r.entity, r."entityId", r.changes, r.reason, r."requestId"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r("actorId" uuid, "actorEmail" text, action text, entity text, "entityId" text, changes jsonb, reason text, "requestId" text)`);
}

/** A timestamp column as the audit log's JSON writes dates (`Date.toISOString()`, UTC, milliseconds). */
export function isoTimestampSql(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Who an audit CTE records: values, or a prepared statement's placeholders. */
export interface AuditActorSql {
  actorId: string | null | Placeholder;
  actorEmail: string | null | Placeholder;
  requestId: string | null | Placeholder;
}

/**
 * A created row's `changes` in SQL, for a statement that writes the row and its audit together:
 * exactly what `recordAudit(.., { action: 'create', after: row })` stores for that row, built
 * from the table's own columns by `snapshot`'s rules (secrets left out, timestamps as
 * `toISOString()` writes them), so no column list is written twice. `row`: the table aliased as
 * the CTE the row comes from (`alias(payments, 'paid')`). `extra`: fields beyond the columns.
 */
export function createdRowChangesSql(row: PgTable, extra: Readonly<Record<string, SQL>> = {}): SQL {
  const columns = Object.entries(getTableColumns(row))
    .filter(([field]) => isAudited(field))
    .map(([field, column]) => [field, column.columnType === 'PgTimestamp' ? isoTimestampSql(sql`${column}`) : sql`${column}`] as const);
  const pairs = [...columns, ...Object.entries(extra)].map(([field, value]) => sql`${fieldNameSql(field)}, ${value}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A field name as a text literal (field names are identifiers: nothing to escape). */
function fieldNameSql(field: string): SQL {
  if (!/^\w+$/.test(field)) throw new Error(`Not a field name: ${field}`);
  return sql.raw(`'${field}'::text`);
}

/**
 * The audit rows of a composed statement (one statement for a whole money operation, e.g. pay
 * from balance): a CTE named `name` inserting one row per row of `select`, whose columns are
 * `action`, `entity`, `entity_id` (text) and `changes` (jsonb, `createdRowChangesSql`).
 * `actor`: the ids as values or as placeholders.
 */
export function auditInsertCte(name: string, actor: AuditActorSql, select: SQL): WithSubquery {
  return cte(name, sql`
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, changes, request_id)
    select ${actor.actorId}::uuid, ${actor.actorEmail}::text, a.action, a.entity, a.entity_id, a.changes, ${actor.requestId}::text
    from (${select}) as a
    returning id`);
}
