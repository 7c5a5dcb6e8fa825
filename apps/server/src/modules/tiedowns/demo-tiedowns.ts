import { eq } from 'drizzle-orm';
import { addCalendarDays } from '@apron/core';
import { AIRCRAFT_TYPES, parkingLineName } from '@apron/core/tiedowns';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { airportToday, createOneLineInvoice } from '../invoices/index';
import { recordCardPayment } from '../payments/index';
import { parkingPayerCompanyId } from './tiedowns.payer';
import { findRateCents } from './tiedowns.repo';
import { insertRequest } from './tiedowns.service';
import { tiedownRequests } from './tiedowns.table';

const PILOTS = [
  ['Amelia', 'Earhart'], ['Charles', 'Lindbergh'], ['Bessie', 'Coleman'], ['Chuck', 'Yeager'], ['Jacqueline', 'Cochran'], ['Wiley', 'Post'],
  ['Harriet', 'Quimby'], ['Howard', 'Hughes'], ['Beryl', 'Markham'], ['Glenn', 'Curtiss'], ['Pancho', 'Barnes'], ['Bob', 'Hoover'],
] as const;

/**
 * Demo parking requests over the last six months (issue 11 item 13): every aircraft type, stays
 * of 1-5 nights, most paid by card (a one-line invoice and its payment, dated the booking: the arrival, or
 * today for a coming stay), some
 * taken while payment was off (amount 0), a few with a space assigned, two arriving in the coming
 * days. Written through the invoices and payments doors; no provider, no e-mail. Idempotent:
 * does nothing when any request exists.
 */
/** `keys` prefixes the idempotency keys and provider references, unique across the deployment: one per demo airport. */
export async function seedDemoTiedowns(db: Db, config: Pick<Config, 'demo'>, keys = 'demo-tiedown'): Promise<{ requests: number }> {
  if (!config.demo) return { requests: 0 };
  const [any] = await db.select({ id: tiedownRequests.id }).from(tiedownRequests).limit(1);
  if (any) return { requests: 0 };
  const today = await airportToday(db);
  const actor = { user: null };
  let created = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < 48; i++) {
      const [firstName, lastName] = PILOTS[i % PILOTS.length]!;
      const type = AIRCRAFT_TYPES[(i * 5) % AIRCRAFT_TYPES.length]!;
      const beginDate = addCalendarDays(today, 3 - Math.floor(i * 3.8)); // about two a week, back ~6 months
      const nights = 1 + ((i * 7) % 5);
      const endDate = addCalendarDays(beginDate, nights);
      const rateCents = (await findRateCents(tx, type))!;
      const form = {
        firstName, lastName, email: `${firstName}.${lastName}@pilots.example`.toLowerCase(), phone: `555010${String(i).padStart(4, '0')}`, beginDate, endDate,
        airCraftType: type, airCraftNum: `N${100 + i * 7}${'ABCDEFGH'[i % 8]}${'PQRSTUVW'[(i * 3) % 8]}`, vehicleNum: i % 3 === 0 ? `7ABC${100 + i}` : '',
      };
      const paid = i % 4 !== 3;
      let invoiceId: string | null = null;
      let paymentId: string | null = null;
      const amountCents = paid ? rateCents * nights : 0;
      if (paid) {
        // Paid when booked: on arrival for past stays, today for the coming ones (an invoice is
        // never dated in the future, nor paid before its date).
        const bookedOn = beginDate < today ? beginDate : today;
        const companyId = await parkingPayerCompanyId(tx);
        const invoice = await createOneLineInvoice(tx, actor, {
          companyId, name: `Transient parking ${form.airCraftNum}`, description: `${firstName} ${lastName}, ${form.email}, ${form.phone}: ${beginDate} to ${endDate}`,
          line: { name: parkingLineName(type, nights), description: `Aircraft ${form.airCraftNum}`, chargesCents: rateCents, amount: nights }, day: bookedOn,
        });
        const payment = await recordCardPayment(tx, actor, {
          invoiceId: invoice.invoiceId, companyId, lineIds: [invoice.lineId], amountCents, provider: 'test', providerRef: `${keys.replace(/-/g, '_')}_${i}`,
          idempotencyKey: `${keys}-${i}`, createdBy: null, day: bookedOn,
        });
        invoiceId = invoice.invoiceId;
        paymentId = payment.paymentId;
      }
      const row = await insertRequest(tx, actor, { form, nights, rateCents, amountCents, invoiceId, paymentId, idempotencyKey: `${keys}-${i}`, createdBy: null });
      if (i % 5 === 0) await tx.update(tiedownRequests).set({ space: `T-${1 + (i % 12)}` }).where(eq(tiedownRequests.id, row.id));
      created += 1;
    }
  });
  return { requests: created };
}
