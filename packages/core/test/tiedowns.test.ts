import { describe, expect, it } from 'vitest';
import {
  AIRCRAFT_TYPES, DEFAULT_NIGHTLY_RATES_CENTS, TIEDOWN_MESSAGES, ZKtrmRequest, ZTiedownCreate, parkingFeeCents, parkingLineName, parkingNights, stayRangeError, tiedownFormErrors,
} from '../src/tiedowns/index';
import { calendarDate } from '../src/dates';

const form = {
  firstName: 'Amelia', lastName: 'Earhart', phone: '5551234567', email: 'Amelia@Example.test', beginDate: '2026-12-01', endDate: '2026-12-03',
  airCraftType: 'Small Jet', airCraftNum: 'n123ab', vehicleNum: '',
};

describe('tie-down fees (doc 2 §9, PRODUCT-RULES 8, 9)', () => {
  it('has exactly the six aircraft types of the spec with their nightly rates', () => {
    expect(AIRCRAFT_TYPES).toEqual(['Single and Multi-Engine Piston', 'Multi-Engine Turboprop', 'Small Jet', 'Medium Jet 1', 'Medium Jet 2', 'Large Jet']);
    expect(AIRCRAFT_TYPES.map((t) => DEFAULT_NIGHTLY_RATES_CENTS[t])).toEqual([3000, 8000, 3000, 3000, 5000, 8000]);
  });

  it.each(AIRCRAFT_TYPES.map((type) => [type, DEFAULT_NIGHTLY_RATES_CENTS[type]] as const))('%s: rate x nights', (type, rate) => {
    const nights = parkingNights('2026-12-01', '2026-12-04')!;
    expect(nights).toBe(3);
    expect(parkingFeeCents(rate, nights)).toBe(rate * 3);
    expect(parkingLineName(type, nights)).toBe(`${type} parking, 3 nights`);
  });

  it('counts one night for a stay across midnight in the airport time zone', () => {
    // 23:30 and 00:30 Pacific are two calendar dates there (but one UTC date: 07:30 and 08:30 UTC)
    const arrival = calendarDate(new Date('2026-12-01T07:30:00Z'), 'America/Los_Angeles');
    const departure = calendarDate(new Date('2026-12-01T08:30:00Z'), 'America/Los_Angeles');
    expect([arrival, departure]).toEqual(['2026-11-30', '2026-12-01']);
    expect(parkingNights(arrival, departure)).toBe(1);
    expect(parkingLineName('Large Jet', 1)).toBe('Large Jet parking, 1 night');
  });

  it('refuses a same-day stay and a reversed range', () => {
    expect(parkingNights('2026-12-01', '2026-12-01')).toBeNull();
    expect(parkingNights('2026-12-03', '2026-12-01')).toBeNull();
    expect(tiedownFormErrors({ ...form, endDate: form.beginDate }).endDate).toBe(TIEDOWN_MESSAGES.departureAfterArrival);
    expect(tiedownFormErrors({ ...form, endDate: '2026-11-30' }).endDate).toBe('Departure must be after arrival');
  });

  it('counts across a month and a year end, and refuses dates that do not exist', () => {
    expect(parkingNights('2026-12-31', '2027-01-02')).toBe(2);
    expect(parkingNights('2026-02-28', '2026-03-01')).toBe(1);
    expect(parkingNights('2026-02-30', '2026-03-02')).toBeNull();
  });
});

describe('tie-down form (doc 1 §5)', () => {
  it('accepts a valid request and normalises it', () => {
    const parsed = ZTiedownCreate.parse({ ...form, amount: 0.01, space: 'A1' });
    expect(parsed).toMatchObject({ email: 'amelia@example.test', airCraftNum: 'N123AB', airCraftType: 'Small Jet' });
    expect(parsed).not.toHaveProperty('amount');
    expect(parsed).not.toHaveProperty('space');
  });

  it('names each bad field with the spec text', () => {
    const result = ZTiedownCreate.safeParse({ ...form, firstName: ' ', phone: '555-1234', email: 'nope', airCraftType: 'Boeing 747', airCraftNum: '' });
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(errors).toEqual({
      firstName: 'First Name is required',
      phone: 'Phone number is not valid',
      email: 'Email is not valid',
      airCraftType: 'Aircraft Type is not valid',
      airCraftNum: 'Aircraft Number is required',
    });
  });

  it('a stay is at most maxNights: one function gives the form and the quote the same message', () => {
    expect(stayRangeError('2026-12-01', '2027-03-01', 90)).toBeNull();
    expect(stayRangeError('2026-12-01', '2027-03-02', 90)).toBe('A stay can be at most 90 nights.');
    expect(stayRangeError('2026-12-01', '2026-12-01', 90)).toBe(TIEDOWN_MESSAGES.departureAfterArrival);
    expect(tiedownFormErrors({ ...form, endDate: '2099-12-31' }, 90)).toEqual({ endDate: 'A stay can be at most 90 nights.' });
    expect(tiedownFormErrors({ ...form, endDate: '2099-12-31' })).toEqual({});
  });

  it('Ktrm refuses an end before the start', () => {
    expect(ZKtrmRequest.safeParse({ start: '2026-12-02', end: '2026-12-01' }).success).toBe(false);
    expect(ZKtrmRequest.parse({ start: '2026-12-01', end: '2026-12-01', type: '' })).toEqual({ start: '2026-12-01', end: '2026-12-01', type: undefined });
  });
});
