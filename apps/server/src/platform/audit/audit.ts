import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TSessionUser } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { auditLog } from './audit.table';

type Values = Record<string, unknown>;

/** Fields never copied into the audit log. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'accountNum', 'routingNum']);

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
  return Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_FIELDS.has(k)).map(([k, v]) => [k, normalise(v)]));
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

/** A timestamp column as the audit log's JSON writes dates (`Date.toISOString()`, UTC, milliseconds). */
export function isoTimestampSql(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Who an audit CTE records: values, or a hot statement's slots (`hotStatement`). */
export interface AuditActorSql {
  actorId: string | null | Placeholder;
  actorEmail: string | null | Placeholder;
  requestId: string | null | Placeholder;
}

/**
 * The audit rows of a composed statement (one statement for a whole money operation, e.g. pay
 * from balance): a CTE named `name` inserting one row per row of `select`, whose columns are
 * `action`, `entity`, `entity_id` (text) and `changes` (jsonb, the values as `recordAudit`
 * would store them; secrets left out by the caller). `actor`: the ids as values or as slots.
 * Returns the CTE, to follow `with` or `,`.
 */
export function auditInsertCte(name: string, actor: AuditActorSql, select: SQL): SQL {
  return sql`${sql.identifier(name)} as (
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, changes, request_id)
    select ${actor.actorId}::uuid, ${actor.actorEmail}::text, a.action, a.entity, a.entity_id, a.changes, ${actor.requestId}::text
    from (${select}) as a
    returning id
  )`;
}
