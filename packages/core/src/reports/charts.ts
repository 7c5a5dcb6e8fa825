import { z } from 'zod';
import { zDateOnly } from '../agreements/agreement';
import { REPORT_MESSAGES } from './reports';

/** Interactive reports (spec doc 2 §9): chart type, grouping, and what is measured. */
export const CHART_TYPES = ['Bar', 'Pie', 'Radar'] as const;
export const CHART_GROUPINGS = ['Hourly', 'Daily', 'Monthly'] as const;
export const CHART_MEASURES = ['billed', 'collected', 'parkingByAircraftType', 'waitlistJoins', 'workordersOpened'] as const;
export type TChartType = (typeof CHART_TYPES)[number];
export type TChartGrouping = (typeof CHART_GROUPINGS)[number];
export type TChartMeasure = (typeof CHART_MEASURES)[number];

export const CHART_MEASURE_LABELS: Record<TChartMeasure, string> = {
  billed: 'Amount billed',
  collected: 'Amount collected',
  parkingByAircraftType: 'Parking requests by aircraft type',
  waitlistJoins: 'Wait-list joins',
  workordersOpened: 'Work orders opened',
};

/** Hourly charts over more than this many days would draw thousands of bars. */
export const CHART_LIMITS = { maxHourlyDays: 31, maxDailyDays: 400, maxYears: 10 } as const;

const zChartRange = z.object({ start: zDateOnly('Start Date'), end: zDateOnly('End Date') });

/** The form and `GET Reports/Chart`: end after start, checked before any request. */
export const ZChartQuery = zChartRange
  .extend({
    grouping: z.enum(CHART_GROUPINGS, { error: 'Grouping must be Hourly, Daily or Monthly' }),
    measure: z.enum(CHART_MEASURES, { error: 'Measure is required' }),
  })
  .refine((v) => v.end > v.start, { path: ['end'], message: REPORT_MESSAGES.endNotAfterStart });
export type TChartQuery = z.infer<typeof ZChartQuery>;

export const ZChartPoint = z.object({ label: z.string(), value: z.number() });
export const ZChartData = z.object({ measure: z.enum(CHART_MEASURES), unit: z.enum(['dollars', 'count']), points: z.array(ZChartPoint), available: z.boolean() });
export type TChartData = z.infer<typeof ZChartData>;

/** A saved chart (spec "server-defined reports": _id, label, baseUrl, chartId). */
export const ZSavedReportCreate = z.object({
  label: z.string({ error: 'Label is required' }).trim().min(1, 'Label is required').max(120, 'Label must be at most 120 characters'),
  measure: z.enum(CHART_MEASURES, { error: 'Measure is required' }),
  grouping: z.enum(CHART_GROUPINGS, { error: 'Grouping must be Hourly, Daily or Monthly' }),
  chartType: z.enum(CHART_TYPES, { error: 'Chart Type must be Bar, Pie or Radar' }),
});
export type TSavedReportCreate = z.infer<typeof ZSavedReportCreate>;
export const ZSavedReport = ZSavedReportCreate.extend({ _id: z.string(), baseUrl: z.string(), chartId: z.string() });
export type TSavedReport = z.infer<typeof ZSavedReport>;
