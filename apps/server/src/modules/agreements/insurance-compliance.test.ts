import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { pdfBytes, pngBytes } from '../attachments/attachments.test-support';
import { superAdmin } from './agreements.test-support';
import {
  addApprovedInsurance, buildInsuranceType, buildLeasedProperty, buildTypedProperty, certificateUpload, dayFrom, requirement, useUtcCalendar,
} from './insurance-compliance.test-support';

let t: TestApp;
let admin: Caller;
let leaseAdmin: Caller;
let today: string;
let gl: { _id: string };
let hull: { _id: string };
const missing = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await superAdmin(t);
  leaseAdmin = await signIn(t, { modules: ['Lease'], isAdmin: true });
  today = await useUtcCalendar(t);
  gl = await buildInsuranceType(admin, 'General Liability');
  hull = await buildInsuranceType(admin, 'Hull');
});
afterAll(async () => t?.close());

const compliance = async (caller: Caller, agreementId: string) => (await caller.request({ method: 'GET', url: `/api/Insurance/Compliance/Agreements/${agreementId}` })).json();
const putTypeRequirements = (caller: Caller, typeId: string, requirements: unknown[]) =>
  caller.request({ method: 'PUT', url: `/api/Insurance/Requirements/PropertyTypes/${typeId}`, payload: { requirements } });

describe('requirements', () => {
  it('the ladder on a property type: 401, 403 for a non-admin, 400 naming the field, 404 for an unknown type', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    const url = `/api/Insurance/Requirements/PropertyTypes/${lease.typeId}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const clerk = await signIn(t, { modules: ['Lease'], isAdmin: false });
    expect((await putTypeRequirements(clerk, lease.typeId, [requirement(gl._id)])).statusCode).toBe(403);
    const bad = await putTypeRequirements(leaseAdmin, lease.typeId, [requirement(gl._id, { minPerOccurrence: -1, minAggregate: 'abc' as unknown as number })]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['requirements.0.minAggregate', 'requirements.0.minPerOccurrence']);
    expect((await leaseAdmin.request({ method: 'GET', url })).json()).toEqual({ requirements: [] });
    expect((await putTypeRequirements(leaseAdmin, missing, [requirement(gl._id)])).statusCode).toBe(404);
  });

  it('an agreement inherits the union of its properties’ types (strictest limits win) until overridden', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    // A second property, of another type, joins the agreement.
    const second = await buildTypedProperty(admin);
    const added = await leaseAdmin.request({ method: 'POST', url: `/api/Agreements/Properties/${lease.agreementId}/${second.propertyId}` });
    expect(added.statusCode).toBe(201);
    await putTypeRequirements(leaseAdmin, lease.typeId, [requirement(gl._id, { minPerOccurrence: 1_000_000, minAggregate: 3_000_000 })]);
    await putTypeRequirements(admin, second.typeId, [requirement(gl._id, { minPerOccurrence: 2_000_000, minAggregate: 2_000_000, additionalInsuredRequired: true }), requirement(hull._id)]);
    const url = `/api/Insurance/Requirements/Agreements/${lease.agreementId}`;
    expect((await leaseAdmin.request({ method: 'GET', url })).json()).toEqual({
      overridden: false,
      requirements: [
        { insuranceTypeId: gl._id, insuranceTypeName: 'General Liability', minPerOccurrence: 2_000_000, minAggregate: 3_000_000, additionalInsuredRequired: true, waiverOfSubrogationRequired: false },
        { insuranceTypeId: hull._id, insuranceTypeName: 'Hull', minPerOccurrence: 1_000_000, minAggregate: 2_000_000, additionalInsuredRequired: false, waiverOfSubrogationRequired: false },
      ],
    });
    const set = await leaseAdmin.request({ method: 'PUT', url, payload: { requirements: [requirement(hull._id, { minPerOccurrence: 5, minAggregate: 10.5 })] } });
    expect(set.json()).toEqual({
      overridden: true,
      requirements: [{ insuranceTypeId: hull._id, insuranceTypeName: 'Hull', minPerOccurrence: 5, minAggregate: 10.5, additionalInsuredRequired: false, waiverOfSubrogationRequired: false }],
    });
    // An override of none: the agreement requires nothing, so it is Compliant.
    await leaseAdmin.request({ method: 'PUT', url, payload: { requirements: [] } });
    expect(await compliance(leaseAdmin, lease.agreementId)).toMatchObject({ status: 'Compliant', problems: [], requirements: [] });
    const cleared = await leaseAdmin.request({ method: 'DELETE', url });
    expect(cleared.json().overridden).toBe(false);
    expect(cleared.json().requirements).toHaveLength(2);
  });
});

describe('status per agreement', () => {
  it('Deficient names each failing requirement; Compliant; Expiring within the window; Expired after the end', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    await putTypeRequirements(leaseAdmin, lease.typeId, [requirement(gl._id, { additionalInsuredRequired: true, waiverOfSubrogationRequired: true })]);
    expect(await compliance(leaseAdmin, lease.agreementId)).toMatchObject({ status: 'Deficient', problems: ['General Liability: no approved certificate'], expiresOn: null });

    const link = { agreementId: lease.agreementId, propertyId: lease.propertyId };
    const weak = await addApprovedInsurance(leaseAdmin, link, { insuranceType: gl._id, startDate: dayFrom(today, -10), endDate: dayFrom(today, 300), perOccurrenceLimit: 500_000, aggregateLimit: 1_000_000 });
    expect((await compliance(leaseAdmin, lease.agreementId)).problems).toEqual([
      'General Liability: per-occurrence limit $500,000.00 is below the required $1,000,000.00',
      'General Liability: aggregate limit $1,000,000.00 is below the required $2,000,000.00',
      'General Liability: additional insured is required',
      'General Liability: waiver of subrogation is required',
    ]);
    await leaseAdmin.request({ method: 'DELETE', url: `/api/Insurance/${weak._id}` });

    await addApprovedInsurance(leaseAdmin, link, {
      insuranceType: gl._id, startDate: dayFrom(today, -10), endDate: dayFrom(today, 300), perOccurrenceLimit: 1_000_000, aggregateLimit: 2_000_000, additionalInsured: true, waiverOfSubrogation: true,
    });
    expect(await compliance(leaseAdmin, lease.agreementId)).toMatchObject({ status: 'Compliant', problems: [], expiresOn: dayFrom(today, 300) });

    // INSURANCE_EXPIRING_DAYS (30 by default): the same certificate ending in 20 days is Expiring.
    const lease2 = await buildLeasedProperty(admin, leaseAdmin);
    await putTypeRequirements(leaseAdmin, lease2.typeId, [requirement(gl._id)]);
    const link2 = { agreementId: lease2.agreementId, propertyId: lease2.propertyId };
    const soon = await addApprovedInsurance(leaseAdmin, link2, { insuranceType: gl._id, startDate: dayFrom(today, -300), endDate: dayFrom(today, 20), perOccurrenceLimit: 1_000_000, aggregateLimit: 2_000_000 });
    expect(await compliance(leaseAdmin, lease2.agreementId)).toMatchObject({ status: 'Expiring', problems: [], expiresOn: dayFrom(today, 20) });

    // Ended yesterday, nothing current: Expired, and that outranks a Deficient requirement.
    const ended = dayFrom(today, -1);
    const edit = await leaseAdmin.request({
      method: 'PUT', url: `/api/Insurance/update/${soon._id}`,
      payload: { insuranceType: gl._id, maxCoverageAmount: 1_000_000, startDate: dayFrom(today, -300), endDate: ended },
    });
    expect(edit.statusCode).toBe(200);
    await leaseAdmin.request({ method: 'PUT', url: `/api/Insurance/Requirements/Agreements/${lease2.agreementId}`, payload: { requirements: [requirement(gl._id), requirement(hull._id)] } });
    const expired = await compliance(leaseAdmin, lease2.agreementId);
    expect(expired.status).toBe('Expired');
    expect(expired.problems).toEqual([`General Liability: expired on ${ended.slice(5, 7)}/${ended.slice(8, 10)}/${ended.slice(0, 4)}`, 'Hull: no approved certificate']);
  });
});

describe('certificates: tenant upload, staff review', () => {
  it('a tenant’s certificate is Pending and not counted until staff approve it; then the agreement is Compliant', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    await putTypeRequirements(leaseAdmin, lease.typeId, [requirement(gl._id)]);
    const tenant = await signIn(t, { isInternal: false, companyId: lease.companyId });
    const url = `/api/Company/Agreements/${lease.agreementId}/Insurance`;
    expect((await tenant.request({ method: 'GET', url })).json()).toMatchObject({ status: 'Deficient', problems: ['General Liability: no approved certificate'] });

    const fields = {
      insuranceTypeId: gl._id, carrier: 'Acme Mutual', policyNumber: 'GL-42', perOccurrenceLimit: '1000000', aggregateLimit: '2000000.00',
      additionalInsured: 'true', waiverOfSubrogation: 'false', startDate: dayFrom(today, -1), endDate: dayFrom(today, 365),
    };
    const upload = await tenant.request({ method: 'POST', url: `/api/Company/Agreements/${lease.agreementId}/Certificates`, ...certificateUpload(pdfBytes(), fields) });
    expect(upload.statusCode).toBe(201);
    const record = upload.json();
    expect(record).toMatchObject({
      approvalStatus: 'Pending', isApproved: false, uploadedByTenant: true, propertyId: lease.propertyId, carrier: 'Acme Mutual', policyNumber: 'GL-42',
      perOccurrenceLimit: 1_000_000, aggregateLimit: 2_000_000, additionalInsured: true, waiverOfSubrogation: false,
      certificate: { fileName: 'coi.pdf', contentType: 'application/pdf' },
    });
    expect((await tenant.request({ method: 'GET', url })).json().status).toBe('Deficient');
    // The tenant reads their certificate back through its url; another company cannot.
    expect((await tenant.request({ method: 'GET', url: record.certificate.url })).statusCode).toBe(200);
    const other = await buildLeasedProperty(admin, leaseAdmin);
    const otherTenant = await signIn(t, { isInternal: false, companyId: other.companyId });
    expect((await otherTenant.request({ method: 'GET', url: record.certificate.url })).statusCode).toBe(404);

    expect((await tenant.request({ method: 'POST', url: `/api/Insurances/${record._id}/Approve` })).statusCode).toBe(403);
    const propertyAdmin = await signIn(t, { modules: ['Property', 'Lease'], isAdmin: false });
    expect((await propertyAdmin.request({ method: 'POST', url: `/api/Insurances/${record._id}/Approve` })).statusCode).toBe(403);
    const approved = await leaseAdmin.request({ method: 'POST', url: `/api/Insurances/${record._id}/Approve` });
    expect(approved.json()).toMatchObject({ approvalStatus: 'Approved', isApproved: true });
    expect((await tenant.request({ method: 'GET', url })).json()).toMatchObject({ status: 'Compliant', problems: [], expiresOn: dayFrom(today, 365) });
  });

  it('a rejected certificate carries the reason and does not count', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    await putTypeRequirements(leaseAdmin, lease.typeId, [requirement(gl._id)]);
    const tenant = await signIn(t, { isInternal: false, companyId: lease.companyId });
    const fields = { insuranceTypeId: gl._id, carrier: 'Acme Mutual', policyNumber: 'GL-7', perOccurrenceLimit: '1000000', aggregateLimit: '2000000', startDate: today, endDate: dayFrom(today, 365) };
    const record = (await tenant.request({ method: 'POST', url: `/api/Company/Agreements/${lease.agreementId}/Certificates`, ...certificateUpload(pngBytes(), fields, 'coi.png') })).json();
    expect(record.certificate.contentType).toBe('image/png');
    const noReason = await leaseAdmin.request({ method: 'POST', url: `/api/Insurances/${record._id}/Reject`, payload: { reason: ' ' } });
    expect(noReason.json().errors).toEqual({ reason: 'Reason is required' });
    const rejected = await leaseAdmin.request({ method: 'POST', url: `/api/Insurances/${record._id}/Reject`, payload: { reason: 'Not signed' } });
    expect(rejected.json()).toMatchObject({ approvalStatus: 'Rejected', rejectionReason: 'Not signed', isApproved: false });
    expect((await compliance(leaseAdmin, lease.agreementId)).status).toBe('Deficient');
  });

  it('bad input is refused with the field named and nothing stored', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    const tenant = await signIn(t, { isInternal: false, companyId: lease.companyId });
    const url = `/api/Company/Agreements/${lease.agreementId}/Certificates`;
    const good = { insuranceTypeId: gl._id, carrier: 'Acme Mutual', policyNumber: 'GL-9', perOccurrenceLimit: '1000000', aggregateLimit: '2000000', startDate: today, endDate: dayFrom(today, 365) };
    // Staff cannot check a certificate without its carrier and policy number: both are required (blank too).
    const withoutCarrier = Object.fromEntries(Object.entries(good).filter(([name]) => name !== 'carrier'));
    const noCarrier = await tenant.request({ method: 'POST', url, ...certificateUpload(pdfBytes(), { ...withoutCarrier, policyNumber: '  ' }) });
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.json().errors).toEqual({ carrier: 'Carrier is required', policyNumber: 'Policy Number is required' });
    const negative = await tenant.request({ method: 'POST', url, ...certificateUpload(pdfBytes(), { ...good, perOccurrenceLimit: '-5', aggregateLimit: 'abc' }) });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual({ perOccurrenceLimit: 'Per Occurrence Limit cannot be negative', aggregateLimit: 'Aggregate Limit must be a number' });
    const backwards = await tenant.request({ method: 'POST', url, ...certificateUpload(pdfBytes(), { ...good, endDate: dayFrom(today, -1) }) });
    expect(backwards.json().errors).toEqual({ endDate: 'End Date must be on or after Start Date' });
    const text = await tenant.request({ method: 'POST', url, ...certificateUpload(Buffer.from('just some text, not a pdf'), good, 'coi.pdf') });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Only PDF, PNG and JPEG certificates are accepted.');
    expect((await tenant.request({ method: 'GET', url: `/api/Company/Agreements/${lease.agreementId}/Insurance` })).json().insurances).toEqual([]);
  });

  it('other companies’ and unknown ids answer 404; staff routes refuse tenants', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    const other = await buildLeasedProperty(admin, leaseAdmin);
    const otherTenant = await signIn(t, { isInternal: false, companyId: other.companyId });
    expect((await otherTenant.request({ method: 'GET', url: `/api/Company/Agreements/${lease.agreementId}/Insurance` })).statusCode).toBe(404);
    expect((await otherTenant.request({ method: 'GET', url: `/api/Insurance/Compliance/Agreements/${lease.agreementId}` })).statusCode).toBe(404);
    const fields = { insuranceTypeId: gl._id, carrier: 'Acme Mutual', policyNumber: 'GL-1', perOccurrenceLimit: '1', aggregateLimit: '1', startDate: today, endDate: today };
    expect((await otherTenant.request({ method: 'POST', url: `/api/Company/Agreements/${lease.agreementId}/Certificates`, ...certificateUpload(pdfBytes(), fields) })).statusCode).toBe(404);
    expect((await leaseAdmin.request({ method: 'GET', url: `/api/Insurance/Compliance/Agreements/${missing}` })).statusCode).toBe(404);
    expect((await leaseAdmin.request({ method: 'POST', url: `/api/Insurances/${missing}/Approve` })).statusCode).toBe(404);
    expect((await otherTenant.request({ method: 'POST', url: `/api/Insurances/${missing}/Approve` })).statusCode).toBe(403);
    expect((await otherTenant.request({ method: 'GET', url: '/api/Reports/InsuranceCompliance' })).statusCode).toBe(403);
  });

  it('staff attach a certificate to an insurance (PDF or image only)', async () => {
    const lease = await buildLeasedProperty(admin, leaseAdmin);
    const link = { agreementId: lease.agreementId, propertyId: lease.propertyId };
    const insurance = await addApprovedInsurance(leaseAdmin, link, { insuranceType: hull._id, startDate: today, endDate: dayFrom(today, 30), perOccurrenceLimit: 1, aggregateLimit: 1 });
    const url = `/api/Insurances/${insurance._id}/Certificate`;
    expect((await leaseAdmin.request({ method: 'POST', url, ...certificateUpload(Buffer.from('plain text'), {}, 'coi.pdf') })).statusCode).toBe(415);
    const attached = await leaseAdmin.request({ method: 'POST', url, ...certificateUpload(pdfBytes(), {}) });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().certificate).toMatchObject({ fileName: 'coi.pdf', contentType: 'application/pdf' });
  });
});

describe('report and dashboard tile', () => {
  it('counts live agreements per status and pages the rows with their problems', async () => {
    const res = await leaseAdmin.request({ method: 'GET', url: '/api/Reports/InsuranceCompliance?status=Deficient&pageSize=100&sort=agreementNum:asc' });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.rows.length).toBe(report.counts.deficient);
    expect(res.headers['x-total-count']).toBe(String(report.counts.deficient));
    expect(report.rows.every((r: { status: string; problems: string[] }) => r.status === 'Deficient' && r.problems.length > 0)).toBe(true);
    const dashboard = (await leaseAdmin.request({ method: 'GET', url: '/api/Dashboard' })).json();
    expect(dashboard.insuranceCompliance).toEqual(report.counts);
    const bad = await leaseAdmin.request({ method: 'GET', url: '/api/Reports/InsuranceCompliance?status=Fine' });
    expect(bad.statusCode).toBe(400);
    const csv = await leaseAdmin.request({ method: 'GET', url: '/api/Reports/Export/insurance-compliance?format=csv&status=Deficient' });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Agreement,Company,Status,Problems,Expires');
    expect(lines).toHaveLength(report.counts.deficient + 1);
    const tenant = await signIn(t, { isInternal: false, companyId: (await buildLeasedProperty(admin, leaseAdmin)).companyId });
    expect((await tenant.request({ method: 'GET', url: '/api/Reports/Export/insurance-compliance?format=csv' })).statusCode).toBe(403);
  });
});
