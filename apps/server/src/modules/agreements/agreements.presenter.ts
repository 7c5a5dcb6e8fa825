import {
  fromCents, type TAgreement, type TAgreementGridRow, type TAgreementProperty, type TAgreementStatus, type TAircraft, type TInsurance,
  type TSecurityDeposit, type TSessionUser,
} from '@apron/core';
import type { AgreementDetailData, AgreementGridData } from './agreements.repo';
import type { LinkData } from './agreement-properties.repo';
import { agreementAbilities } from './agreements.policy';
import type { AgreementRow, AircraftRow, InsuranceRow, SecurityDepositRow } from './agreements.table';

/** Rows -> the spec's JSON names (`tenantId` is the owner company, money in dollars). */
export function presentAgreement(row: AgreementDetailData, user: TSessionUser | null): TAgreement {
  return {
    _id: row.id,
    title: row.title,
    agreementNum: row.agreementNum,
    description: row.description,
    status: row.status as TAgreementStatus,
    startDate: row.startDate,
    endDate: row.endDate,
    renewable: row.renewable,
    leaseTerms: row.leaseTerms,
    tenantId: row.companyId,
    tenantName: row.companyName,
    invoiceCycleId: row.invoiceCycleId,
    invoiceCycleName: row.invoiceCycleName,
    rentAdjustmentType: row.rentAdjustmentTypeId,
    rentAdjustmentTypeName: row.paymentTypeName,
    rentAdjustmentSkuType: row.paymentSkuType,
    adjustmentDate: row.adjustmentDate,
    adjustmentFreq: row.adjustmentFreq,
    gasbRenewalCertain: row.gasbRenewalCertain,
    gasbRenewalEnd: row.gasbRenewalEnd,
    gasbDiscountRate: row.gasbDiscountRate === null ? null : Number(row.gasbDiscountRate),
    gasbRegulated: row.gasbRegulated,
    abilities: agreementAbilities(user, row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentAgreementGridRow(row: AgreementGridData): TAgreementGridRow {
  return {
    _id: row.id,
    title: row.title,
    agreementNum: row.agreementNum,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status as TAgreementStatus,
    tenantId: row.companyId,
    tenantName: row.companyName,
  };
}

export function presentAgreementProperty(row: LinkData): TAgreementProperty {
  return {
    _id: row.id,
    agreementId: row.agreementId,
    propertyId: row.propertyId,
    name: row.name,
    rent: fromCents(row.rentCents),
    address: row.address,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

export function presentDeposit(row: SecurityDepositRow): TSecurityDeposit {
  return {
    amount: fromCents(row.amountCents),
    received: row.received,
    returned: row.returned,
    paymentDate: row.paymentDate,
    returnDate: row.returnDate,
    paymentMethod: row.paymentMethod as TSecurityDeposit['paymentMethod'],
    returnDesc: row.returnDesc,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentInsurance(row: { insurance: InsuranceRow; typeName: string; agreementId: string; propertyId: string }): TInsurance {
  const i = row.insurance;
  return {
    _id: i.id,
    agreementId: row.agreementId,
    propertyId: row.propertyId,
    insuranceType: i.insuranceTypeId,
    insuranceTypeName: row.typeName,
    maxCoverageAmount: fromCents(i.maxCoverageCents),
    startDate: i.startDate,
    endDate: i.endDate,
    isApproved: i.isApproved,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

export function presentAircraft(row: { aircraft: AircraftRow; agreementId: string; propertyId: string }): TAircraft {
  const a = row.aircraft;
  return {
    _id: a.id,
    agreementId: row.agreementId,
    propertyId: row.propertyId,
    tailNumber: a.tailNumber,
    make: a.make,
    model: a.model,
    airCraftType: a.airCraftType as TAircraft['airCraftType'],
    ownerortennat: a.ownerOrTenant as TAircraft['ownerortennat'],
    owner: a.owner,
    address1: a.address1,
    address2: a.address2,
    insurance: a.insurance as TAircraft['insurance'],
    start: a.start,
    end: a.end,
    facilitycode: a.facilityCode,
    accesscardno: a.accessCardNo,
    email: a.email,
    comments: a.comments,
    faaRegistry: a.faaRegistry,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** Audit snapshot without ids and timestamps. */
export function auditRow<T extends { createdAt: Date; updatedAt?: Date }>(row: T): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = row as T & { updatedAt?: Date };
  return rest;
}

export type { AgreementRow };
