import { accessBody, appConfig, buildUser } from '../../test/fixtures';
import { CSRF_ROUTE } from '../../test/fetch-stub';
import type { TCompliance, TInsurance, TRequirement } from './api';

export const AGREEMENT_ID = '4b2e1d3c-6a7f-4b8c-9d0e-1f2a3b4c5d6e';
export const OWNER_ID = '5c3f2e4d-7b8a-4c9d-8e1f-2a3b4c5d6e7f';
export const GL_TYPE = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const INSURANCE_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const STAMP = '2026-01-01T00:00:00.000Z';

export const GENERAL_LIABILITY: TRequirement = {
  insuranceTypeId: GL_TYPE, insuranceTypeName: 'General Liability', minPerOccurrence: 1_000_000, minAggregate: 2_000_000,
  additionalInsuredRequired: true, waiverOfSubrogationRequired: false,
};

export function insuranceRecord(overrides: Partial<TInsurance> = {}): TInsurance {
  return {
    _id: INSURANCE_ID, agreementId: AGREEMENT_ID, propertyId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', insuranceType: GL_TYPE, insuranceTypeName: 'General Liability',
    maxCoverageAmount: 1_000_000, startDate: '2026-01-01', endDate: '2027-01-01', isApproved: false, carrier: 'Acme Mutual', policyNumber: 'GL-1',
    perOccurrenceLimit: 1_000_000, aggregateLimit: 2_000_000, additionalInsured: true, waiverOfSubrogation: false,
    certificate: { id: 'c1', fileName: 'coi.pdf', contentType: 'application/pdf', size: 1200, url: '/api/Insurances/x/Certificate' },
    approvalStatus: 'Pending', rejectionReason: null, uploadedByTenant: true, createdAt: STAMP, updatedAt: STAMP, ...overrides,
  };
}

export function compliance(overrides: Partial<TCompliance> = {}): TCompliance {
  return {
    agreementId: AGREEMENT_ID, status: 'Deficient', problems: ['General Liability: no approved certificate'], expiresOn: null,
    requirements: [GENERAL_LIABILITY], insurances: [], ...overrides,
  };
}

/** The agreement page's own calls (the agreement, its properties, documents and remarks). */
export function agreementPageRoutes(isTenant: boolean) {
  const abilities = { edit: !isTenant, addProperty: false, removeProperty: false, editDeposit: false, editInsurance: !isTenant, approveInsurance: !isTenant, editAircraft: false };
  const user = isTenant ? buildUser({ isInternal: false, companyId: OWNER_ID, email: 'tenant@apron.test' }) : buildUser({ modules: ['Lease'], isAdmin: true });
  return {
    ...CSRF_ROUTE,
    'GET /api/Session': { body: accessBody(user) },
    'GET /api/AppConfig': { body: appConfig(true) },
    [`GET /api/Agreements/${AGREEMENT_ID}`]: {
      body: {
        _id: AGREEMENT_ID, title: 'Hangar Row B lease', agreementNum: 'LA-2026-001', description: '', status: 'Active', startDate: '2026-01-01', endDate: null,
        renewable: false, leaseTerms: '', tenantId: OWNER_ID, tenantName: 'Sierra Skies Aviation', invoiceCycleId: 'c', invoiceCycleName: 'Monthly',
        rentAdjustmentType: 'p', rentAdjustmentTypeName: 'CPI', rentAdjustmentSkuType: 'CPI', adjustmentDate: null, adjustmentFreq: null, abilities, createdAt: STAMP, updatedAt: STAMP,
      },
    },
    [`GET /api/Agreements/Properties/${AGREEMENT_ID}`]: { body: [] },
    'GET /api/InvoiceCycles': { body: [] },
    'GET /api/PaymentTypes': { body: [] },
    'GET /api/Company/Active': { body: [] },
    'GET /api/InsuranceTypes': { body: [{ _id: GL_TYPE, name: 'General Liability', createdAt: STAMP, updatedAt: STAMP }] },
    'POST /api/Attachments/List': { body: [] },
    'GET /api/AttachmentTypes': { body: [] },
    'POST /api/Remarks/List': { body: [] },
  };
}
