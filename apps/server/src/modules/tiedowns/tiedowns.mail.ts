import { formatDate, formatMoney, readSetting, type TReceipt } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import { queueMail } from '../../platform/mail/index';
import { loadSystemSettings } from '../settings/index';
import type { TiedownRequestRow } from './tiedowns.table';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The pilot's confirmation (issue 11 item 2), rendered on the server from the stored request,
 * queued in the request's transaction; with the receipt's facts when the stay was paid.
 */
export async function queueTiedownConfirmation(tx: DbOrTx, row: TiedownRequestRow, receipt: Pick<TReceipt, 'receiptNumber' | 'invoiceNumber' | 'amount' | 'reference' | 'paymentDate'> | null) {
  const airport = readSetting(await loadSystemSettings(tx, ['AIRPORT_NAME']), 'AIRPORT_NAME');
  const lines = [
    `Dear ${row.firstName} ${row.lastName},`,
    '',
    `Your transient parking request at ${airport} is confirmed.`,
    `Aircraft: ${row.aircraftNum} (${row.aircraftType})`,
    `Arrival: ${formatDate(row.beginDate)}`,
    `Departure (estimated): ${formatDate(row.endDate)}`,
    `Nights: ${row.nights}`,
    row.vehicleNum ? `Vehicle: ${row.vehicleNum}` : '',
    '',
    receipt
      ? `Receipt #${receipt.receiptNumber} for invoice #${receipt.invoiceNumber}: ${formatMoney(Math.round(receipt.amount * 100))} paid by card on ${formatDate(receipt.paymentDate)} (${formatMoney(row.rateCents)} per night x ${row.nights}; reference ${receipt.reference ?? 'n/a'}).`
      : 'No payment was taken for this request.',
  ].filter((line, i, all) => line !== '' || all[i - 1] !== '');
  await queueMail(tx, {
    to: [row.email],
    subject: `Transient parking confirmed: ${row.aircraftNum}, ${formatDate(row.beginDate)}`,
    text: lines.join('\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    kind: 'tiedown-confirmation',
    ref: `tiedown:${row.id}`,
  });
}
