import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, type Caller, type TestApp } from './helpers';
import { eventually } from './smtp-sink';
import { attachmentOwners } from '../src/modules/attachments/index';
import { propertyLeases } from '../src/modules/properties/index';
import { buildProperty } from '../src/modules/properties/properties.factories';
import { domainEvents } from '../src/platform/events/events.table';

// Two apps in one process (as the server suite runs them: many test files in one fork), each on
// its own database: what one app plugs in, or stands in for, the other never sees.
let first: TestApp;
let second: TestApp;
let firstAdmin: Caller;
let secondAdmin: Caller;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  firstAdmin = await signIn(first, { modules: 'all', isAdmin: true });
  secondAdmin = await signIn(second, { modules: 'all', isAdmin: true });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('plug-ins are per app', () => {
  it('each app composes its own registry when its modules register', () => {
    expect(first.plugins).not.toBe(second.plugins);
    for (const t of [first, second]) {
      expect(t.plugins.byKey(attachmentOwners, 'property')?.module).toBe('Property');
      expect(t.plugins.byKey(attachmentOwners, 'agreement')?.module).toBe('Lease');
    }
  });

  it("a stand-in lease source in one app changes that app's answers only", async () => {
    const [mine, theirs] = await Promise.all([buildProperty(firstAdmin), buildProperty(secondAdmin)]);
    const previous = first.plugins.replace(propertyLeases, 'test', {
      leasedPropertyIds: () => sql`select id from properties`,
      currentLease: async (_db, id) => (id === mine._id ? { _id: mine._id, title: 'Stand-in lease', agreementNum: 'T-1' } : null),
      leaseHistory: async () => [],
    });
    try {
      const read = (caller: Caller, id: string) => caller.request({ method: 'GET', url: `/api/Property/List/${id}` }).then((res) => res.json());
      expect(await read(firstAdmin, mine._id)).toMatchObject({ status: 'Leased', leaseInfo: { agreement: { title: 'Stand-in lease' } } });
      expect(await read(secondAdmin, theirs._id)).toMatchObject({ status: 'Active', leaseInfo: { status: 'Active', agreement: null } });
    } finally {
      if (previous) first.plugins.replace(propertyLeases, 'agreements', previous);
    }
    expect((await firstAdmin.request({ method: 'GET', url: `/api/Property/List/${mine._id}` })).json()).toMatchObject({ status: 'Active' });
  });

  it("a request's events nudge its own app's dispatch: delivered within seconds, not at the next minute", async () => {
    await first.app.jobs.start();
    try {
      await first.db.update(domainEvents).set({ processedAt: sql`now()` });
      const property = await buildProperty(firstAdmin);
      const delivered = await eventually(async () => {
        const rows = await first.db.select().from(domainEvents).where(sql`${domainEvents.recordId} = ${property._id} and ${domainEvents.processedAt} is not null`);
        return rows.length > 0 ? rows : null;
      }, 15_000);
      expect(delivered[0]).toMatchObject({ module: 'Property', trigger: 'Created', attempts: 1 });
    } finally {
      await first.app.jobs.stop();
    }
  });
});
