import {
  AGREEMENT_IMPORT_COLUMNS, deriveAgreementStatus, fromCents, ZAgreementImportRow, type TAgreementImportRow,
} from '@apron/core';
import type { DbOrTx } from '../../db/client';
import type { ImportKind, TrackedRecord } from '../../platform/imports/kind';
import { refuseIssuesFoundAtCommit } from '../../platform/imports/refuse';
import { setPropertyRents } from '../properties/index';
import { planAgreements, type AgreementPlan } from './agreements-import.plan';
import {
  deleteAgreements, insertAgreements, listAgreementsPage, listLinksOf, updateAgreementColumns, writeAgreementLinks, type AgreementSnapshot,
} from './agreements-import.repo';
import { withLeaseRules } from './agreements.service';
import { leaseCalendar } from './lease-calendar';

/**
 * The `agreements` kind of the import (issue 23, docs/import.md "Agreements"). A new external id
 * creates the agreement with its properties and deposits, as the agreement page would; a known one
 * is updated when anything differs and left alone otherwise. What a real create does besides, done
 * for the whole chunk at once: the properties become Leased (derived from the lease, nothing to
 * write) and the file's rent becomes each property's rent. Like every kind, it publishes no
 * Created/Updated events: an airport's old leases coming in must not send a notice per row.
 */
export interface AgreementsImportDeps {
  /** The agreements among `ids` that invoices have been issued for (the invoices module's answer). */
  invoicedAgreementIds(db: DbOrTx, ids: readonly string[]): Promise<string[]>;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the row wants, in the stored snapshot's shape; deposits the file does not give stay as stored. */
function wantedSnapshot(plan: AgreementPlan): AgreementSnapshot {
  const stored = new Map(plan.existing?.links.map((l) => [l.propertyId, l.deposit]) ?? []);
  return { ...plan.columns, links: plan.links.map((l) => ({ propertyId: l.propertyId, deposit: plan.hasDeposit ? l.deposit : (stored.get(l.propertyId) ?? null) })) };
}

function storedSnapshot(plan: AgreementPlan): AgreementSnapshot {
  const { id: _id, externalId: _externalId, propertiesWithRecords: _records, ...snapshot } = plan.existing!;
  return snapshot;
}

/** The properties whose rent the file changes: the row starting last wins when several rows lease one property. */
function rentChanges(plans: readonly AgreementPlan[]): Map<string, { before: number; after: number }> {
  const changes = new Map<string, { before: number; after: number; start: string }>();
  for (const plan of plans) {
    if (plan.rentCents === null) continue;
    for (const property of plan.properties) {
      const seen = changes.get(property.id);
      if (seen && seen.start > plan.columns.startDate) continue;
      changes.set(property.id, { before: property.rentCents, after: plan.rentCents, start: plan.columns.startDate });
    }
  }
  return new Map([...changes].filter(([, c]) => c.before !== c.after).map(([id, c]) => [id, { before: c.before, after: c.after }]));
}


export function createAgreementsImport(deps: AgreementsImportDeps): ImportKind<TAgreementImportRow> {
  return {
    kind: 'agreements',
    columns: AGREEMENT_IMPORT_COLUMNS,
    schema: ZAgreementImportRow,

    async check(db, rows, ctx) {
      return (await planAgreements(db, rows, ctx.today)).issues;
    },

    async commit(tx, rows, ctx) {
      const { plans, issues } = await planAgreements(tx, rows, ctx.today);
      // The dry run reported these; anything found now (a change since) refuses the whole batch.
      refuseIssuesFoundAtCommit(issues);
      const { windowDays } = await leaseCalendar(tx);
      for (const plan of plans) plan.columns.status = deriveAgreementStatus(plan.columns.status as never, plan.columns.endDate, ctx.today, windowDays);

      const created = plans.filter((p) => !p.existing);
      const updated = plans.filter((p) => p.existing && !sameJson(wantedSnapshot(p), storedSnapshot(p)));
      const ids = await withLeaseRules(async () => {
        const newIds = await insertAgreements(tx, created.map((p) => ({ externalId: p.externalId, columns: p.columns })));
        await updateAgreementColumns(tx, updated.map((p) => ({ id: p.existing!.id, columns: p.columns })));
        await writeAgreementLinks(tx, [
          ...created.map((p) => ({ agreementId: newIds.get(p.externalId)!, links: p.links })),
          ...updated.map((p) => ({ agreementId: p.existing!.id, links: p.links })),
        ], false);
        return newIds;
      });
      const rents = rentChanges(plans);
      await setPropertyRents(tx, new Map([...rents].map(([id, r]) => [id, r.after])));

      const records: TrackedRecord[] = [
        ...created.map((p) => ({ entity: 'agreement', id: ids.get(p.externalId)!, action: 'created' as const, after: { externalId: p.externalId, ...wantedSnapshot(p) } })),
        ...updated.map((p) => ({ entity: 'agreement', id: p.existing!.id, action: 'updated' as const, before: { ...storedSnapshot(p) }, after: { ...wantedSnapshot(p) } })),
        ...[...rents].map(([id, r]) => ({ entity: 'property', id, action: 'updated' as const, before: { rentCents: r.before }, after: { rentCents: r.after } })),
      ];
      await ctx.track(tx, records);
    },

    async blockedUndo(db, records) {
      const ids = records.filter((r) => r.entity === 'agreement').map((r) => r.id);
      const invoiced = await deps.invoicedAgreementIds(db, ids);
      if (invoiced.length === 0) return null;
      return `Invoices have been issued for ${invoiced.length} of the imported agreements since: the import can no longer be undone`;
    },

    async undo(tx, records) {
      const agreementRecords = records.filter((r) => r.entity === 'agreement');
      await deleteAgreements(tx, agreementRecords.filter((r) => r.action === 'created').map((r) => r.id));
      const restored = agreementRecords.filter((r) => r.action === 'updated' && r.before).map((r) => ({ id: r.id, snapshot: r.before as unknown as AgreementSnapshot }));
      await withLeaseRules(async () => {
        await updateAgreementColumns(tx, restored.map((r) => ({ id: r.id, columns: r.snapshot })));
        await writeAgreementLinks(tx, restored.map((r) => ({ agreementId: r.id, links: r.snapshot.links })), true);
      });
      const rents = records.filter((r) => r.entity === 'property' && r.before).map((r) => [r.id, Number(r.before!.rentCents)] as const);
      await setPropertyRents(tx, new Map(rents));
    },

    async *exportRows(db) {
      for (let after: string | null = null; ; ) {
        const page = await listAgreementsPage(db, after, 500);
        const links = await listLinksOf(db, page.map((p) => p.agreement.id));
        for (const { agreement: a, companyName, invoiceCycleName, paymentTypeName } of page) {
          const own = links.filter((l) => l.agreementId === a.id);
          const one = <T>(values: T[]) => (values.length > 0 && values.every((v) => v === values[0]) ? values[0]! : null);
          const rent = one(own.map((l) => l.rentCents));
          const deposit = one(own.map((l) => l.depositCents));
          yield {
            externalId: a.externalId ?? a.id,
            agreementNum: a.agreementNum,
            title: a.title,
            company: companyName,
            properties: own.map((l) => l.name).join(';'),
            startDate: a.startDate,
            endDate: a.endDate ?? '',
            renewable: a.renewable ? 'yes' : 'no',
            status: a.status,
            invoiceCycle: invoiceCycleName,
            rentAdjustmentType: paymentTypeName,
            adjustmentDate: a.adjustmentDate ?? '',
            adjustmentFreq: a.adjustmentFreq === null ? '' : String(a.adjustmentFreq),
            rent: rent === null ? '' : fromCents(rent).toFixed(2),
            deposit: deposit === null ? '' : fromCents(deposit).toFixed(2),
            depositReceived: deposit === null ? '' : one(own.map((l) => l.received)) === false ? 'no' : 'yes',
            leaseTerms: a.leaseTerms,
            description: a.description,
          };
        }
        if (page.length < 500) return;
        after = page[page.length - 1]!.agreement.id;
      }
    },
  };
}
