import type { Config } from '../config';
import type { Db } from '../db/client';
import { createFileStorage } from '../platform/files/index';
import { findAccountByEmail } from '../modules/accounts/index';
import { DEMO_TENANT_EMAIL, findDemoTenantLease } from '../modules/agreements/agreements.seed-support';
import { addDemoDocuments, hasDocuments, type DemoDocument } from '../modules/attachments/attachments.seed-support';
import { listUnpaidInvoices } from '../modules/invoices/index';
import { listAllMasterRows, MASTER_DEFINITIONS } from '../modules/settings/settings.seed-support';

/**
 * Demo data (issue 9 item 13): documents the demo tenant finds on their company, their lease and
 * their overdue invoice. Runs after the demo billing; does nothing when the company already has
 * documents, so restarts keep what people changed.
 */
export async function seedDemoTenantDocuments(db: Db, config: Pick<Config, 'demo' | 'dataDir' | 's3'>): Promise<{ documents: number }> {
  if (!config.demo) return { documents: 0 };
  const companyId = (await findAccountByEmail(db, DEMO_TENANT_EMAIL))?.companyId;
  if (!companyId || (await hasDocuments(db, 'company', companyId))) return { documents: 0 };
  const types = new Map((await listAllMasterRows(db, MASTER_DEFINITIONS.documentTypes)).map((row) => [row.name as string, row.id as string]));
  const typeId = (name: string) => types.get(name) ?? null;
  const documents: DemoDocument[] = [
    {
      ownerType: 'company', ownerId: companyId, name: 'Certificate of insurance.pdf', typeId: typeId('Insurance Certificate'),
      lines: ['Certificate of Liability Insurance', 'Hangarkeepers liability, $1,000,000 each occurrence', 'The airport is named as additional insured.'],
    },
    {
      ownerType: 'company', ownerId: companyId, name: 'N172SV registration.pdf', typeId: typeId('Aircraft Registration'),
      lines: ['Certificate of Aircraft Registration', 'N172SV - Cessna 172S'],
    },
  ];
  const lease = await findDemoTenantLease(db, companyId);
  if (lease) {
    documents.push({
      ownerType: 'agreement', ownerId: lease.id, name: `${lease.agreementNum} signed lease.pdf`, typeId: typeId('Lease'),
      lines: [`Lease agreement ${lease.agreementNum}`, lease.title, 'Signed by both parties.'],
    });
  }
  const overdue = (await listUnpaidInvoices(db, companyId)).find((invoice) => invoice.status === 'Overdue');
  if (overdue) {
    documents.push({
      ownerType: 'invoice', ownerId: overdue.id, name: `Reminder invoice ${overdue.invoiceNumber}.pdf`, typeId: typeId('Invoice'),
      lines: [`Payment reminder for invoice ${overdue.invoiceNumber}`, 'This invoice is past due; a late fee has been added.'],
    });
  }
  return { documents: await addDemoDocuments(db, createFileStorage(config), documents) };
}
