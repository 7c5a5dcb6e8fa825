import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE_URL } from '../../support/env';
import { roleAccount } from '../../support/roles';
import { expectNoA11yViolations } from '../../support/axe';

/**
 * Issue 24's journey: a tenant uploads a certificate that makes a Deficient agreement Compliant
 * after staff approve it. The admin prepares, through the API, an agreement of the demo tenant's
 * company on a fresh property, with its own insurance requirement (an override, so no demo
 * agreement changes status); the tenant uploads in the UI and the admin approves in the UI.
 */
interface TSetup {
  agreementId: string;
  title: string;
  coverage: string;
}

const MIN_PER_OCCURRENCE = 1_000_000;
const MIN_AGGREGATE = 2_000_000;

async function withRole<T>(role: 'admin' | 'tenant', run: (api: APIRequestContext, headers: Record<string, string>) => Promise<T>): Promise<T> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, storageState: roleAccount(role).storageState });
  try {
    const { csrfToken } = (await (await api.get('/api/CSRF')).json()) as { csrfToken: string };
    return await run(api, { 'X-CSRF-Token': csrfToken });
  } finally {
    await api.dispose();
  }
}

async function firstId(api: APIRequestContext, path: string): Promise<string> {
  const rows = (await (await api.get(path)).json()) as { _id: string }[];
  expect(rows.length, `${path} has rows`).toBeGreaterThan(0);
  return rows[0]!._id;
}

async function prepareDeficientAgreement(): Promise<TSetup> {
  const tenantId = await withRole('tenant', async (api) => {
    const access = (await (await api.get('/api/Access')).json()) as { user: { companyId: string | null } };
    expect(access.user.companyId, 'the demo tenant belongs to a company').toBeTruthy();
    return access.user.companyId!;
  });
  return withRole('admin', async (api, headers) => {
    const stamp = Date.now();
    const title = `E2E COI Lease ${stamp}`;
    // a fresh property copying a demo property's area, type and attributes (the type's are required)
    const template = (await (await api.get(`/api/Property/List/${await firstId(api, '/api/Property/Grid?pageSize=1')}`)).json()) as Record<string, unknown>;
    const property = await api.post('/api/Property/List', {
      headers,
      data: {
        name: `E2E COI Hangar ${stamp}`, description: 'Insurance compliance journey', address: '24 Taxiway C', rent: 900,
        area: template.area, propertyType: template.propertyType, attributes: template.attributes, visibletoExternal: false,
      },
    });
    expect(property.status(), await property.text()).toBe(201);
    const propertyId = ((await property.json()) as { _id: string })._id;

    const created = await api.post('/api/Agreements', {
      headers,
      data: {
        title, agreementNum: `E2E-COI-${stamp}`, description: 'Insurance compliance journey', status: 'Active',
        startDate: '2025-01-01', endDate: null, renewable: false, leaseTerms: '', tenantId,
        invoiceCycleId: await firstId(api, '/api/InvoiceCycles'), rentAdjustmentType: await firstId(api, '/api/PaymentTypes'),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agreementId = ((await created.json()) as { _id: string })._id;
    const linked = await api.post(`/api/Agreements/Properties/${agreementId}/${propertyId}`, { headers });
    expect(linked.ok(), await linked.text()).toBe(true);

    const types = (await (await api.get('/api/InsuranceTypes')).json()) as { _id: string; name: string }[];
    const coverage = types[0]!;
    const requirement = await api.put(`/api/Insurance/Requirements/Agreements/${agreementId}`, {
      headers,
      data: {
        requirements: [
          { insuranceTypeId: coverage._id, minPerOccurrence: MIN_PER_OCCURRENCE, minAggregate: MIN_AGGREGATE, additionalInsuredRequired: true, waiverOfSubrogationRequired: false },
        ],
      },
    });
    expect(requirement.ok(), await requirement.text()).toBe(true);
    const status = (await (await api.get(`/api/Insurance/Compliance/Agreements/${agreementId}`)).json()) as { status: string };
    expect(status.status).toBe('Deficient');
    return { agreementId, title, coverage: coverage.name };
  });
}

/**
 * Opens the agreement and waits for its heading. A role's first page loads the signed-in routes'
 * chunks and the session: on a busy shared machine (load 25 on 2 cores) that alone took 40 s.
 */
async function openAgreement(page: Page, setup: TSetup) {
  await page.goto(`/agreements/${setup.agreementId}`);
  await expect(page.getByRole('heading', { level: 1, name: setup.title })).toBeVisible({ timeout: 90_000 });
  return page.getByRole('region', { name: 'Insurance compliance' });
}

/** A one-page PDF: the server sniffs the bytes, so it must start like one. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test.describe.serial('insurance compliance', () => {
  let setup: TSetup;
  // each step signs in as another role and opens its first page (see openAgreement)
  test.describe.configure({ timeout: 240_000 });

  test.beforeAll(async () => {
    setup = await prepareDeficientAgreement();
  });

  test.describe('tenant', () => {
    test.use({ storageState: roleAccount('tenant').storageState });

    test('uploads a certificate for the Deficient agreement; it waits for approval', async ({ page }) => {
      const section = await openAgreement(page, setup);
      await expect(section.getByText('Deficient', { exact: true })).toBeVisible();
      await expect(section.getByText(new RegExp(`^${setup.coverage}: `)).first()).toBeVisible();

      await section.getByRole('button', { name: 'Upload certificate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Certificate' });
      await expect(dialog.getByLabel(/^Coverage Type/)).toHaveValue(/[0-9a-f-]{36}/);
      await dialog.getByLabel(/^Carrier/).fill('Acme Mutual');
      await dialog.getByLabel(/^Policy Number/).fill('GL-2026-024');
      await dialog.getByLabel(/^Per Occurrence Limit/).fill('1,000,000');
      await dialog.getByLabel(/^Aggregate Limit/).fill('2,000,000');
      await dialog.getByLabel('Airport named as additional insured').check();
      // a text file is refused before anything is sent
      await dialog.getByLabel('Choose certificate file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a certificate') });
      await expect(dialog.getByText('Only PDF, PNG and JPEG certificates are accepted.')).toBeVisible();
      await dialog.getByLabel('Choose certificate file').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(dialog.getByText('Chosen: certificate.pdf')).toBeVisible();
      await expectNoA11yViolations(page);
      await dialog.getByRole('button', { name: 'Upload' }).click();

      await expect(page.getByText('Certificate uploaded: pending approval')).toBeVisible();
      const certificates = section.getByRole('table', { name: 'Certificates' });
      await expect(certificates.getByText('Pending approval')).toBeVisible();
      await expect(certificates.getByRole('link', { name: 'certificate.pdf' })).toBeVisible();
      // only approved certificates count
      await expect(section.getByText('Deficient', { exact: true })).toBeVisible();
    });
  });

  test.describe('staff', () => {
    test.use({ storageState: roleAccount('admin').storageState });

    test('approves the certificate and the agreement turns Compliant', async ({ page }) => {
      const section = await openAgreement(page, setup);
      await expect(section.getByText('Deficient', { exact: true })).toBeVisible();
      await expect(section.getByText('(overridden for this agreement)')).toBeVisible();
      await expectNoA11yViolations(page);
      await section.getByRole('button', { name: /^Approve the .* certificate from Acme Mutual/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve Certificate' });
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await expect(section.getByText('Compliant', { exact: true })).toBeVisible();
      await expect(section.getByRole('table', { name: 'Certificates' }).getByText('Approved', { exact: true })).toBeVisible();
      await expect(section.getByLabel('Compliance problems')).toHaveCount(0);
    });
  });

  test.describe('tenant again', () => {
    test.use({ storageState: roleAccount('tenant').storageState });

    test('sees the agreement Compliant', async ({ page }) => {
      const section = await openAgreement(page, setup);
      await expect(section.getByText('Compliant', { exact: true })).toBeVisible();
    });
  });
});
