import JSZip from 'jszip';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_KINDS, type TMasterTypeName } from '@apron/core';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { importAndCommit } from '../../../test/imports';
import { MASTER_DATA, seedDemo } from '../../demo/seed';
import { settleEventsPublishedDuring } from '../../platform/events/index';
import { FIRST_AIRPORT_ID, insertAirport, withAirport } from '../../platform/tenancy/index';
import { seedDemoCompaniesAndAgreements } from '../agreements/agreements.seed-support';
import { seedDemoAssets } from '../assets/assets.seed-support';
import { seedDemoBilling } from '../balances/balances.seed-support';
import { seedDemoProperties } from '../properties/properties.seed-support';
import { ensureSystemSettings } from '../settings/index';
import { createMasterRow, MASTER_DEFINITIONS } from '../settings/settings.seed-support';
import { seedDemoWaitlist } from '../waitlist/waitlist.seed-support';

/**
 * Issue 23's round trip: export the demo airport, import each CSV of the zip into an empty airport,
 * export that airport and compare the CSVs.
 *
 * "An empty database" is a second airport in the same test database: it shares no business row with
 * the demo airport (row-level security, docs/airports.md), so importing into it is importing into an
 * empty database, and one test database keeps the test to one server. Like any new airport it has
 * its Settings (the master data: property types and areas, insurance types, invoice cycles, asset
 * types ...) made before the import, since the import kinds reference them by name and do not create
 * them. Documents are exported but not imported (no import kind takes files), so only the kinds'
 * CSVs are compared. The test runs over whichever kinds are registered.
 */
let t: TestApp;
let source: Caller;
let target: Caller;
let targetAirport: string;

/** Columns whose values each airport gives itself (numbered from its own counters): not compared. */
const PER_AIRPORT_COLUMNS = new Set(['invoiceNumber', 'receiptNumber', 'assetNumber']);

async function exportZip(caller: Caller): Promise<JSZip> {
  const res = await caller.request({ method: 'GET', url: '/api/Exports/All' });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return JSZip.loadAsync(res.rawPayload);
}

/** A kind's CSV as comparable rows: per-airport columns left out, in a stable order. */
function comparable(csv: string): string[] {
  const rows = parse(csv, { columns: true, bom: true }) as Array<Record<string, string>>;
  return rows
    .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !PER_AIRPORT_COLUMNS.has(column))))
    .sort();
}

/** The demo airport's Settings at the new airport, as its administrator would set them up first. */
async function setUpSettings(): Promise<void> {
  await withAirport(targetAirport, async () => {
    await ensureSystemSettings(t.db);
    await t.db.transaction(async (tx) => {
      for (const [type, rows] of Object.entries(MASTER_DATA) as Array<[TMasterTypeName, ReadonlyArray<Record<string, unknown>>]>) {
        for (const row of rows) await createMasterRow(tx, { user: null }, MASTER_DEFINITIONS[type], row);
      }
    });
    // The property areas, attributes and types, and no property.
    await seedDemoProperties(t.db, t.config, undefined, () => false);
  });
  // The asset types, with the same configured fields (each with a form of its own).
  const masters = (await source.request({ method: 'GET', url: '/api/Assets/Masters' })).json() as Array<Record<string, unknown>>;
  for (const master of masters) {
    const form = await target.request({ method: 'POST', url: '/api/Forms/createForm', payload: { name: `${String(master.name)} card`, schema: { type: 'default', components: [] } } });
    const { name, description, status, color, fields } = master;
    const made = await target.request({ method: 'POST', url: '/api/Assets/Masters', payload: { name, description, status, color, fields, formId: form.json()._id } });
    expect(made.statusCode, made.body).toBe(201);
  }
}

beforeAll(async () => {
  t = await createTestApp({ APRON_DEMO: '1' });
  await withAirport(FIRST_AIRPORT_ID, async () => {
    await seedDemo(t.db, t.config, { info: () => {} });
    await settleEventsPublishedDuring(t.db, async () => {
      await seedDemoProperties(t.db, t.config);
      await seedDemoWaitlist(t.db, t.config);
      await seedDemoCompaniesAndAgreements(t.db, t.config);
      await seedDemoBilling(t.db, t.config);
      await seedDemoAssets(t.db);
    });
  });
  source = await withAirport(FIRST_AIRPORT_ID, () => signIn(t, { modules: 'all', isAdmin: true }));
  targetAirport = (await insertAirport(t.db, { code: 'RTE', name: 'Round Trip Field', timeZone: 'America/Los_Angeles' })).id;
  target = await withAirport(targetAirport, () => signIn(t, { modules: 'all', isAdmin: true }));
  await setUpSettings();
}, 300_000);
afterAll(async () => t?.close());

describe('export, import into an empty airport, export again', () => {
  it('gives the same CSVs for every registered kind', async () => {
    const first = await exportZip(source);
    const kinds = IMPORT_KINDS.filter((kind) => first.file(`${kind}.csv`));
    expect(kinds).toContain('assets');
    const exported: Record<string, string> = {};
    // Dependency order (IMPORT_KINDS): companies before agreements, agreements before invoices ...
    for (const kind of kinds) {
      exported[kind] = await first.file(`${kind}.csv`)!.async('string');
      if (comparable(exported[kind]).length === 0) continue;
      const batch = await importAndCommit(t, target, kind, exported[kind], { fileName: `${kind}.csv` });
      expect(batch.status, `${kind}: ${batch.error ?? ''}`).toBe('committed');
    }
    const second = await exportZip(target);
    for (const kind of kinds) {
      const again = await second.file(`${kind}.csv`)!.async('string');
      expect(comparable(again), kind).toEqual(comparable(exported[kind]!));
    }
    // The demo has rows of the kinds it seeds; an empty CSV would make the comparison vacuous.
    expect(comparable(exported.assets!).length).toBeGreaterThan(0);
  }, 600_000);
});
