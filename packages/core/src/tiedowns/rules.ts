import { daysBetween } from '../dates';
import { isCalendarDay } from '../common/calendar';

/**
 * Transient parking (tie-down) rules, free of zod: the public form `/tiedown/create` checks and
 * quotes with these without bundling the validation library (first-load budget), and the zod
 * schemas of `./index.ts` wrap the same functions, so the form and the server say the same.
 * Spec doc 1 §2 Tie-down, §3 Tie-down request, §5; doc 2 §9 Fees; PRODUCT-RULES 8, 9.
 */

/** The six aircraft types of doc 2 §9, in the spec's order; the list has exactly these entries. */
export const AIRCRAFT_TYPES = [
  'Single and Multi-Engine Piston',
  'Multi-Engine Turboprop',
  'Small Jet',
  'Medium Jet 1',
  'Medium Jet 2',
  'Large Jet',
] as const;
export type TAircraftType = (typeof AIRCRAFT_TYPES)[number];

/** Nightly rates of doc 2 §9 in cents: the defaults of the rate table Settings admins edit. */
export const DEFAULT_NIGHTLY_RATES_CENTS: Readonly<Record<TAircraftType, number>> = {
  'Single and Multi-Engine Piston': 3000,
  'Multi-Engine Turboprop': 8000,
  'Small Jet': 3000,
  'Medium Jet 1': 3000,
  'Medium Jet 2': 5000,
  'Large Jet': 8000,
};

export const TIEDOWN_MESSAGES = {
  departureAfterArrival: 'Departure must be after arrival',
  unknownType: 'Aircraft Type is not valid',
  phoneInvalid: 'Phone number is not valid',
  emailInvalid: 'Email is not valid',
  submitted: 'Transient Parking Requested',
  spaceSaved: 'Updated Successfully',
  rateSaved: 'Updated Successfully',
  notFound: 'Parking request not found',
  cardRequired: 'Card details are required',
  quoteChanged: 'The parking fee changed; please review the amount and try again.',
} as const;

export function isAircraftType(value: string): value is TAircraftType {
  return (AIRCRAFT_TYPES as readonly string[]).includes(value);
}

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  return isCalendarDay(value);
}

/**
 * Nights = calendar-date difference (arrival and departure are airport calendar dates, so a
 * stay from 23:30 to 00:30 the next day is one night). Departure must be after arrival
 * (PRODUCT-RULES 8): a same-day or reversed range is refused rather than charged `|difference|`.
 */
export function parkingNights(beginDate: string, endDate: string): number | null {
  if (!isCalendarDate(beginDate) || !isCalendarDate(endDate)) return null;
  const nights = daysBetween(beginDate, endDate);
  return nights >= 1 ? nights : null;
}

/** The longest stay a request may cover is the TIEDOWN_MAX_NIGHTS setting; its message names it. */
export function stayTooLongMessage(maxNights: number): string {
  return `A stay can be at most ${maxNights} ${maxNights === 1 ? 'night' : 'nights'}.`;
}

/**
 * What is wrong with the stay's dates as a whole (both are real dates): departure not after
 * arrival, or longer than `maxNights`. The form and the server's quote ask this one function.
 */
export function stayRangeError(beginDate: string, endDate: string, maxNights: number): string | null {
  const nights = parkingNights(beginDate, endDate);
  if (nights === null) return TIEDOWN_MESSAGES.departureAfterArrival;
  return nights > maxNights ? stayTooLongMessage(maxNights) : null;
}

/** The fee: the type's nightly rate times the nights (doc 2 §9), in cents. */
export function parkingFeeCents(rateCents: number, nights: number): number {
  return rateCents * nights;
}

/** The invoice line's name: '<type> parking, N nights'. */
export function parkingLineName(type: string, nights: number): string {
  return `${type} parking, ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** The fee explanation the form shows under the total: how the server made it. */
export function parkingFeeExplanation(type: string, rate: string, nights: number, total: string): string {
  return `${type}: ${rate} per night × ${nights} ${nights === 1 ? 'night' : 'nights'} = ${total}`;
}

/** The form's fields as typed (strings), for the zod-free check of the public page. */
export interface TTiedownFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  beginDate: string;
  endDate: string;
  airCraftType: string;
  airCraftNum: string;
  vehicleNum: string;
}

export const TIEDOWN_LIMITS = { name: 100, email: 254, phone: 20, aircraftNum: 20, vehicleNum: 20, space: 20 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Field -> message for the form (doc 1 §5: names, dates, type, number and a valid e-mail
 * required; phone required and digits only; vehicle optional). Empty when the form is valid.
 * `maxNights` is the TIEDOWN_MAX_NIGHTS setting the form was given; the server's schema runs
 * without it (a setting is not part of a static schema) and its quote checks the stored value.
 */
export function tiedownFormErrors(values: TTiedownFormValues, maxNights = Number.POSITIVE_INFINITY): Partial<Record<keyof TTiedownFormValues, string>> {
  const errors: Partial<Record<keyof TTiedownFormValues, string>> = {};
  const required = (field: keyof TTiedownFormValues, label: string, max: number) => {
    const value = values[field].trim();
    if (!value) errors[field] = `${label} is required`;
    else if (value.length > max) errors[field] = `${label} must be at most ${max} characters`;
  };
  required('firstName', 'First Name', TIEDOWN_LIMITS.name);
  required('lastName', 'Last Name', TIEDOWN_LIMITS.name);
  const phone = values.phone.trim();
  if (!phone) errors.phone = 'Phone is required';
  else if (!/^\d+$/.test(phone) || phone.length > TIEDOWN_LIMITS.phone) errors.phone = TIEDOWN_MESSAGES.phoneInvalid;
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (email.length > TIEDOWN_LIMITS.email || !EMAIL.test(email)) errors.email = TIEDOWN_MESSAGES.emailInvalid;
  if (!values.beginDate) errors.beginDate = 'Arrival Date is required';
  else if (!isCalendarDate(values.beginDate)) errors.beginDate = 'Arrival Date must be a valid date';
  if (!values.endDate) errors.endDate = 'Departure Date is required';
  else if (!isCalendarDate(values.endDate)) errors.endDate = 'Departure Date must be a valid date';
  else if (!errors.beginDate) {
    const rangeError = stayRangeError(values.beginDate, values.endDate, maxNights);
    if (rangeError) errors.endDate = rangeError;
  }
  if (!values.airCraftType) errors.airCraftType = 'Aircraft Type is required';
  else if (!isAircraftType(values.airCraftType)) errors.airCraftType = TIEDOWN_MESSAGES.unknownType;
  required('airCraftNum', 'Aircraft Number', TIEDOWN_LIMITS.aircraftNum);
  if (values.vehicleNum.trim().length > TIEDOWN_LIMITS.vehicleNum) errors.vehicleNum = `Vehicle Number must be at most ${TIEDOWN_LIMITS.vehicleNum} characters`;
  return errors;
}
