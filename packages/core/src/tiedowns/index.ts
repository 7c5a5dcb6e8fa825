import { z } from 'zod';
import { ZListQuery } from '../common/list';
import { NUL_MESSAGE, ZHoneypot } from '../common/text';
import { zDollars } from '../money';
import { ZReceipt } from '../payments/index';
import { AIRCRAFT_TYPES, TIEDOWN_LIMITS, isCalendarDate, tiedownFormErrors, type TTiedownFormValues } from './rules';

export * from './rules';

/**
 * Transient parking (module Tiedown): spec doc 1 §2 Tie-down, §3 Tie-down request; doc 2 §7
 * Parking, §9 Fees. The field checks are `rules.ts`'s (`tiedownFormErrors`), so the public form,
 * which stays zod-free for its first load, and the server give the same messages.
 */

const text = (max: number) => z.string().max(max * 4).refine((v) => !v.includes('\u0000'), NUL_MESSAGE);

/**
 * `POST Invoices/TieDown`: the request. `website` is the honeypot (people never see it; a form
 * with it filled is answered as if stored, and nothing is). `sourceId` is the card token when
 * TIEDOWN_PAYMENT is on; there is no amount: the server quotes its own (PRODUCT-RULES 1). Any
 * other field (an `amount`, a `space`) is dropped.
 */
export const ZTiedownCreate = z
  .object({
    firstName: text(TIEDOWN_LIMITS.name).default(''),
    lastName: text(TIEDOWN_LIMITS.name).default(''),
    phone: text(TIEDOWN_LIMITS.phone).default(''),
    email: text(TIEDOWN_LIMITS.email).default(''),
    beginDate: text(10).default(''),
    endDate: text(10).default(''),
    airCraftType: text(100).default(''),
    airCraftNum: text(TIEDOWN_LIMITS.aircraftNum).default(''),
    vehicleNum: text(TIEDOWN_LIMITS.vehicleNum).default(''),
    website: ZHoneypot,
    sourceId: z.string().trim().max(500).refine((v) => !v.includes('\u0000'), NUL_MESSAGE).optional(),
  })
  .superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(tiedownFormErrors(values as TTiedownFormValues))) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .transform((v) => ({
    ...v,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    phone: v.phone.trim(),
    email: v.email.trim().toLowerCase(),
    airCraftType: v.airCraftType as (typeof AIRCRAFT_TYPES)[number],
    airCraftNum: v.airCraftNum.trim().toUpperCase(),
    vehicleNum: v.vehicleNum.trim(),
  }));
export type TTiedownCreateInput = z.input<typeof ZTiedownCreate>;
export type TTiedownCreate = z.output<typeof ZTiedownCreate>;

const zDate = (label: string) => z.string({ error: `${label} is required` }).refine(isCalendarDate, `${label} must be a valid date`);

/** `GET TieDown/Quote`: the server's figure for a stay (the form shows it before Submit / Pay). */
export const ZTiedownQuoteQuery = z.object({
  airCraftType: z.enum(AIRCRAFT_TYPES, { error: 'Aircraft Type is not valid' }),
  beginDate: zDate('Arrival Date'),
  endDate: zDate('Departure Date'),
});
export const ZTiedownQuote = z.object({
  airCraftType: z.string(),
  /** Dollars per night. */
  rate: z.number(),
  nights: z.number().int(),
  /** Dollars: what Pay charges (0 when payment is off). */
  amount: z.number(),
  explanation: z.string(),
  paymentRequired: z.boolean(),
});
export type TTiedownQuote = z.infer<typeof ZTiedownQuote>;

/** The rate table (PRODUCT-RULES 9): one row per aircraft type, dollars per night. */
export const ZTiedownRate = z.object({ airCraftType: z.string(), rate: z.number(), sortOrder: z.number().int(), updatedAt: z.string() });
export type TTiedownRate = z.infer<typeof ZTiedownRate>;
export const ZTiedownRateUpdate = z.object({ rate: zDollars({ positive: true, maxCents: 100_000_00 }) });
export type TTiedownRateUpdateInput = z.input<typeof ZTiedownRateUpdate>;
export const ZTiedownRateParams = z.object({ type: z.enum(AIRCRAFT_TYPES, { error: 'Aircraft Type is not valid' }) });

/** What the public form needs: the types with their rates, whether it takes a card, the card mode. */
export const ZTiedownFormInfo = z.object({
  rates: z.array(z.object({ airCraftType: z.string(), rate: z.number() })),
  paymentRequired: z.boolean(),
  /** TIEDOWN_MAX_NIGHTS: the longest stay a request may cover. */
  maxNights: z.number().int(),
  testMode: z.boolean(),
  testCards: z.record(z.string(), z.string()).nullable(),
});
export type TTiedownFormInfo = z.infer<typeof ZTiedownFormInfo>;

export const ZTiedownAbilities = z.object({ assignSpace: z.boolean(), viewInvoice: z.boolean() });

/** A tie-down request as the spec names it (doc 1 §3), with the invoice and payment it made. */
export const ZTiedown = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  beginDate: z.string(),
  endDate: z.string(),
  airCraftType: z.string(),
  airCraftNum: z.string(),
  vehicleNum: z.string(),
  space: z.string(),
  nights: z.number().int(),
  /** Dollars per night at the time of the request. */
  rate: z.number(),
  /** Dollars charged: 0 when payment was off. */
  amount: z.number(),
  /** The invoice's id, or null (no charge, no invoice). */
  invoice: z.string().nullable(),
  invoiceNumber: z.number().nullable(),
  /** The payment (= receipt) id. */
  receiptId: z.string().nullable(),
  createdAt: z.string(),
  abilities: ZTiedownAbilities,
});
export type TTiedown = z.infer<typeof ZTiedown>;

/** `/tiedown/{id}`: the request with its payment's receipt (the invoice line, amount, card reference). */
export const ZTiedownDetail = ZTiedown.extend({ receipt: ZReceipt.nullable() });
export type TTiedownDetail = z.infer<typeof ZTiedownDetail>;

export const ZTiedownCreated = z.object({ message: z.string(), tiedown: ZTiedown, receipt: ZReceipt.nullable() });
export type TTiedownCreated = z.infer<typeof ZTiedownCreated>;

/** Sorts of the staff grid; `beginDate` descending (newest arrival first) is the default. */
export const TIEDOWN_SORTS = ['beginDate', 'endDate', 'firstName', 'lastName', 'email', 'phone', 'airCraftType', 'airCraftNum', 'vehicleNum', 'amount', 'createdAt'] as const;

const optionalDate = (label: string) => zDate(label).optional().or(z.literal('').transform(() => undefined));

/** `GET Invoices/List/TieDowns`: paging, sort, `q` (names, e-mail, phone, numbers), arrival range, type. */
export const ZTiedownListQuery = ZListQuery.extend({
  from: optionalDate('From'),
  to: optionalDate('To'),
  airCraftType: z.enum(AIRCRAFT_TYPES, { error: 'Aircraft Type is not valid' }).optional().or(z.literal('').transform(() => undefined)),
});
export type TTiedownListQuery = z.infer<typeof ZTiedownListQuery>;

export const ZTiedownSpaceUpdate = z.object({
  space: z.string().trim().max(TIEDOWN_LIMITS.space, `Space must be at most ${TIEDOWN_LIMITS.space} characters`).refine((v) => !v.includes('\u0000'), NUL_MESSAGE),
});
export type TTiedownSpaceUpdateInput = z.input<typeof ZTiedownSpaceUpdate>;

/** `POST Ktrm` (start, end, type): requests per aircraft type by arrival date, staff only. */
export const ZKtrmRequest = z
  .object({
    start: zDate('Start'),
    end: zDate('End'),
    type: z.enum(AIRCRAFT_TYPES, { error: 'Aircraft Type is not valid' }).optional().or(z.literal('').transform(() => undefined)),
  })
  .refine((v) => v.end >= v.start, { path: ['end'], message: 'End must not be before start' });
export type TKtrmRequest = z.infer<typeof ZKtrmRequest>;
export const ZKtrmCounts = z.record(z.string(), z.number().int());
