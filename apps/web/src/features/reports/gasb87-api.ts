import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, apiFetch } from '../../lib/api-client';

/*
 * GASB 87 lessor reports (issue 24): the per-lease schedule, the fiscal-year roll-forward, the
 * maturity analysis and the period's journal entries. Amounts are dollars with two decimals, `rate`
 * a percentage, dates `YYYY-MM-DD`.
 *
 * These response types are written against the API contract of branch gasb; once its zod schemas
 * in packages/core are merged, they should become `import type { ... } from '@apron/core/...'`.
 */

export type TGasb87Exclusion = null | 'short-term' | 'regulated';

export interface TGasb87ScheduleRow {
  date: string;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

export interface TGasb87Measurement {
  version: number;
  measuredOn: string;
  reason: 'commencement' | 'modification';
  receivable: number;
  deferredInflow: number;
}

export interface TGasb87Schedule {
  agreementId: string;
  agreementNum: string;
  companyName: string;
  rate: number;
  commencement: string;
  /** Null when the lease has no end date. */
  termEnd: string | null;
  exclusion: TGasb87Exclusion;
  receivable: number;
  deferredInflow: number;
  schedule: TGasb87ScheduleRow[];
  measurements: TGasb87Measurement[];
}

export interface TGasb87RollForwardAmounts {
  beginningReceivable: number;
  additions: number;
  reductions: number;
  endingReceivable: number;
  interestRevenue: number;
  leaseRevenue: number;
  beginningDeferredInflow: number;
  endingDeferredInflow: number;
}

export interface TGasb87RollForwardRow extends TGasb87RollForwardAmounts {
  agreementId: string;
  agreementNum: string;
  companyName: string;
}

export interface TGasb87RollForward {
  fiscalYear: number;
  from: string;
  to: string;
  rows: TGasb87RollForwardRow[];
  totals: TGasb87RollForwardAmounts;
}

export interface TGasb87MaturityAmounts {
  principal: number;
  interest: number;
  total: number;
}

export interface TGasb87MaturityRow extends TGasb87MaturityAmounts {
  label: string;
  from: string;
  to: string;
}

export interface TGasb87Maturity {
  asOf: string;
  rows: TGasb87MaturityRow[];
  totals: TGasb87MaturityAmounts;
}

export interface TGasb87JournalEntry {
  date: string;
  account: string;
  description: string;
  agreementNum: string;
  debit: number;
  credit: number;
}

export interface TGasb87JournalEntries {
  rows: TGasb87JournalEntry[];
}

const enc = encodeURIComponent;

/** One lease's schedule and measurement history; `enabled` false until a lease is chosen. */
export function useGasb87Schedule(agreementId: string | null) {
  return useQuery({
    queryKey: ['reports', 'gasb87', 'schedule', agreementId],
    queryFn: () => apiFetch<TGasb87Schedule>(`/Reports/Gasb87/Agreements/${enc(agreementId ?? '')}`),
    enabled: !!agreementId,
  });
}

export function useGasb87RollForward(fiscalYear: number) {
  return useQuery({
    queryKey: ['reports', 'gasb87', 'roll-forward', fiscalYear],
    queryFn: () => apiFetch<TGasb87RollForward>(`/Reports/Gasb87/RollForward?fiscalYear=${fiscalYear}`),
    placeholderData: keepPreviousData,
  });
}

export function useGasb87Maturity(asOf: string) {
  return useQuery({
    queryKey: ['reports', 'gasb87', 'maturity', asOf],
    queryFn: () => apiFetch<TGasb87Maturity>(`/Reports/Gasb87/Maturity?asOf=${enc(asOf)}`),
    placeholderData: keepPreviousData,
  });
}

export function useGasb87JournalEntries(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['reports', 'gasb87', 'journal-entries', range],
    queryFn: () => apiFetch<TGasb87JournalEntries>(`/Reports/Gasb87/JournalEntries?${new URLSearchParams(range).toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** The period's GASB 87 journal lines as GL CSV (the general ledger's columns), beside `GET Reports/GeneralLedger`. */
export function gasb87GlCsvHref(range: { from: string; to: string }): string {
  return `${API_BASE}/Reports/GeneralLedger/Gasb87?${new URLSearchParams(range).toString()}`;
}
