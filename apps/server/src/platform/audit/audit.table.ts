import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { airportColumn } from '../tenancy/airport-column';

/** Who changed what, when: one row per create, update or delete, written in the same transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    airportId: airportColumn(),
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: uuid(),
    actorEmail: text(),
    action: text().notNull(), // create | update | delete | custom verbs (e.g. reorder)
    entity: text().notNull(),
    entityId: text().notNull(),
    /** `{ field: { from, to } }` for updates; the created or deleted values otherwise. */
    changes: jsonb().notNull().default({}),
    reason: text(),
    requestId: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId, t.at), index('audit_at_idx').on(t.airportId, t.at)],
);
