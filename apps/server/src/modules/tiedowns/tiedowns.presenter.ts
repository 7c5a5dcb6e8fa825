import { fromCents, hasModule, type TSessionUser } from '@apron/core';
import type { TTiedown } from '@apron/core/tiedowns';
import type { TiedownRequestRow } from './tiedowns.table';

/** A request as the spec names it (doc 1 §3); abilities from the caller's modules. */
export function presentTiedown(row: TiedownRequestRow, user: TSessionUser | null, invoiceNumber: number | null): TTiedown {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    beginDate: row.beginDate,
    endDate: row.endDate,
    airCraftType: row.aircraftType,
    airCraftNum: row.aircraftNum,
    vehicleNum: row.vehicleNum,
    space: row.space,
    nights: row.nights,
    rate: fromCents(row.rateCents),
    amount: fromCents(row.amountCents),
    invoice: row.invoiceId,
    invoiceNumber,
    receiptId: row.paymentId,
    createdAt: row.createdAt.toISOString(),
    abilities: {
      assignSpace: hasModule(user, 'Tiedown'),
      // The invoice page is the Invoices module's; a pilot sees the receipt on the detail page.
      viewInvoice: !!row.invoiceId && hasModule(user, 'Invoices'),
    },
  };
}

/** What the audit log keeps of a request. */
export function auditTiedown(row: TiedownRequestRow) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}
