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
