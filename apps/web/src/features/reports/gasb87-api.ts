import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, apiFetch } from '../../lib/api-client';
import type { TGasb87Agreement, TGasb87JournalEntries, TGasb87Maturity, TGasb87RollForward } from '@apron/core/reports';

/*
 * GASB 87 lessor reports (issue 24, docs/gasb87.md): the per-lease schedule, the fiscal-year
 * roll-forward, the maturity analysis and the period's journal entries. The shapes are core's zod
 * schemas the server answers with; amounts are dollars with two decimals, `rate` a percentage.
 */
export type { TGasb87JournalEntries, TGasb87Maturity, TGasb87RollForward };
/** One lease's schedule and measurement history (core's `ZGasb87Agreement`). */
export type TGasb87Schedule = TGasb87Agreement;
export type TGasb87Exclusion = TGasb87Agreement['exclusion'];
export type TGasb87ScheduleRow = TGasb87Agreement['schedule'][number];
export type TGasb87Measurement = TGasb87Agreement['measurements'][number];
export type TGasb87RollForwardAmounts = TGasb87RollForward['totals'];
export type TGasb87RollForwardRow = TGasb87RollForward['rows'][number];
export type TGasb87MaturityAmounts = TGasb87Maturity['totals'];
export type TGasb87MaturityRow = TGasb87Maturity['rows'][number];
export type TGasb87JournalEntry = TGasb87JournalEntries['rows'][number];

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
