import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { testConfig } from '../../test/helpers';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../db/client';
import { bootstrap } from '../bootstrap';
import { domainEvents } from '../platform/events/events.table';
import { publishEvent } from '../platform/events/index';
import { mailOutbox } from '../platform/mail/mail.table';

/**
 * The demo seed writes a year of invoices, payments and inspections through the modules, so it
 * publishes events like any change; with the demo's notification rules ('New invoice') they would
 * become thousands of alerts and e-mails at the first start. They are history: settled unsent.
 */
describe('the demo seed notifies nobody', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 240_000);
  afterAll(async () => database?.close());

  it('leaves no event to deliver, but a change made before the seed is still delivered', async () => {
    // A real change a previous run had not delivered yet (published before this start's seed).
    await publishEvent(database.db, { module: 'Company', trigger: 'Updated', recordId: 'before-start', companyId: null, fields: {} });
    await bootstrap(testConfig({ APRON_DEMO: '1' }), database, pino({ level: 'silent' }));
    const pending = await database.db.select().from(domainEvents).where(isNull(domainEvents.processedAt));
    expect(pending.map((e) => e.recordId)).toEqual(['before-start']);
    expect((await database.db.select().from(domainEvents)).length).toBeGreaterThan(100);
    // Nothing queued for rule notifications either (the dispatch has nothing to turn into e-mail).
    const notifications = (await database.db.select().from(mailOutbox)).filter((m) => m.kind === 'notification');
    expect(notifications).toEqual([]);
  }, 240_000);
});
