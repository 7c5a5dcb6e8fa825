import type { TAgreement, TAgreementProperty } from '@apron/core/agreements';

export const AGREEMENT_ID = '4b2e1d3c-6a7f-4b8c-9d0e-1f2a3b4c5d6e';
export const OWNER_ID = '5c3f2e4d-7b8a-4c9d-8e1f-2a3b4c5d6e7f';
export const CYCLE_ID = '6d4a3f5e-8c9b-4d0e-9f2a-3b4c5d6e7f80';
export const PAYMENT_TYPE_ID = '7e5b4a6f-9d0c-4e1f-8a3b-4c5d6e7f8091';
const STAMP = '2024-01-01T00:00:00.000Z';

export const LEASE_ADMIN_ABILITIES: TAgreement['abilities'] = {
  edit: true, addProperty: true, removeProperty: true, editDeposit: true, editInsurance: true, approveInsurance: true, editAircraft: true,
};

export function agreement(overrides: Partial<TAgreement> = {}): TAgreement {
  return {
    _id: AGREEMENT_ID, title: 'Hangar Row B lease', agreementNum: 'LA-2024-001', description: 'Two hangars', status: 'Active',
    startDate: '2024-01-01', endDate: null, renewable: false, leaseTerms: '', tenantId: OWNER_ID, tenantName: 'Sierra Skies Aviation',
    invoiceCycleId: CYCLE_ID, invoiceCycleName: 'Monthly', rentAdjustmentType: PAYMENT_TYPE_ID, rentAdjustmentTypeName: 'CPI', rentAdjustmentSkuType: 'CPI',
    adjustmentDate: null, adjustmentFreq: null, gasbRenewalCertain: false, gasbRenewalEnd: null, gasbDiscountRate: null, gasbRegulated: false, abilities: LEASE_ADMIN_ABILITIES, createdAt: STAMP, updatedAt: STAMP, ...overrides,
  };
}

export function agreementProperty(propertyId: string, name: string, rent: number): TAgreementProperty {
  return { _id: `${propertyId.slice(0, -4)}aaaa`, agreementId: AGREEMENT_ID, propertyId, name, rent, address: '', status: 'Leased', startDate: '2024-01-01', endDate: null };
}

/** The select lists a Lease admin's agreement form loads. */
export const OPTION_ROUTES = {
  'GET /api/InvoiceCycles': { body: [{ _id: CYCLE_ID, name: 'Monthly', createdAt: STAMP, updatedAt: STAMP }] },
  'GET /api/PaymentTypes': { body: [{ _id: PAYMENT_TYPE_ID, name: 'CPI', skuType: 'CPI', createdAt: STAMP, updatedAt: STAMP }] },
  'GET /api/Company/Active': { body: [{ _id: OWNER_ID, name: 'Sierra Skies Aviation' }] },
} as const;
