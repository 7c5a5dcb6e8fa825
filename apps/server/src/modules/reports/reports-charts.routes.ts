import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import {
  CHART_LIMITS, LEDGER_NOT_CLOSED, REPORT_MESSAGES, ZChartData, ZChartQuery, ZIdParams, ZLedgerQuery, ZPeriodClose, ZPeriodCloseState, ZSavedReport, ZSavedReportCreate,
  daysBetween, readSetting, type TChartData, type TChartQuery,
} from '@apron/core';
import { toInstant } from '@apron/core/appointments';
import type { DbOrTx } from '../../db/client';
import { actorOf } from '../../platform/audit/actor';
import type { AppContext } from '../../platform/context';
import { recordAudit } from '../../platform/audit/audit';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { airportToday, closeInvoicePeriod, invoicesBilledByBucket, invoicesClosedThrough } from '../invoices/index';
import { paymentsCollectedByBucket } from '../payments/index';
import { loadSystemSettings } from '../settings/index';
import { parkingRequestsByAircraftType } from '../tiedowns/index';
import { waitlistJoinsByBucket } from '../waitlist/index';
import { workordersOpenedByBucket } from '../workorders/index';
import { ledgerCsv } from './ledger';
import { savedReports, type SavedReportRow } from './reports.table';

const tags = ['reports'];
const BASE_URL = '/api/Reports/GetData';
const GROUPING_UNIT = { Hourly: 'hour', Daily: 'day', Monthly: 'month' } as const;

function checkRange(query: TChartQuery): void {
  const days = daysBetween(query.start, query.end);
  if (query.grouping === 'Hourly' && days > CHART_LIMITS.maxHourlyDays) throw fieldError('grouping', `Hourly charts cover at most ${CHART_LIMITS.maxHourlyDays} days`);
  if (query.grouping === 'Daily' && days > CHART_LIMITS.maxDailyDays) throw fieldError('grouping', `Daily charts cover at most ${CHART_LIMITS.maxDailyDays} days`);
  if (days > CHART_LIMITS.maxYears * 366) throw fieldError('end', `Charts cover at most ${CHART_LIMITS.maxYears} years`);
}

/** Buckets as labels: '2026-11-23T00:00:00' -> '2026-11-23' (daily) / '2026-11' (monthly) / '2026-11-23 14:00'. */
function label(bucket: string, grouping: TChartQuery['grouping']): string {
  const iso = bucket.replace(' ', 'T');
  if (grouping === 'Monthly') return iso.slice(0, 7);
  if (grouping === 'Daily') return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
}

/** One measure over [start, end] (airport dates, inclusive), from the module that owns it. */
export async function chartData(db: DbOrTx, query: TChartQuery): Promise<TChartData> {
  checkRange(query);
  const zone = readSetting(await loadSystemSettings(db, ['TIME_ZONE']), 'TIME_ZONE');
  const from = toInstant(`${query.start}T00:00`, zone);
  const untilExclusive = toInstant(`${query.end}T23:59`, zone);
  untilExclusive.setTime(untilExclusive.getTime() + 60_000);
  const unit = GROUPING_UNIT[query.grouping];
  const range = { start: query.start, end: query.end, grouping: query.grouping };
  switch (query.measure) {
    case 'billed':
      return { measure: query.measure, unit: 'dollars', available: true, points: (await invoicesBilledByBucket(db, range)).map((p) => ({ label: label(p.bucket, query.grouping), value: p.cents / 100 })) };
    case 'collected':
      return { measure: query.measure, unit: 'dollars', available: true, points: (await paymentsCollectedByBucket(db, range)).map((p) => ({ label: label(p.bucket, query.grouping), value: p.cents / 100 })) };
    case 'parkingByAircraftType': {
      // Ktrm: a name-to-count map over the period (grouped by aircraft type, not by time).
      const counts = await parkingRequestsByAircraftType(db as Parameters<typeof parkingRequestsByAircraftType>[0], { start: from, end: toInstant(`${query.end}T12:00`, zone) });
      return { measure: query.measure, unit: 'count', available: true, points: Object.entries(counts).map(([name, value]) => ({ label: name, value })) };
    }
    case 'waitlistJoins':
      return { measure: query.measure, unit: 'count', available: true, points: (await waitlistJoinsByBucket(db, { start: from, end: untilExclusive, grouping: unit })).map((p) => ({ label: label(p.bucket, query.grouping), value: p.count })) };
    case 'workordersOpened':
      return { measure: query.measure, unit: 'count', available: true, points: (await workordersOpenedByBucket(db, { start: from, end: untilExclusive, grouping: unit })).map((p) => ({ label: label(p.bucket, query.grouping), value: p.count })) };
  }
}

const present = (row: SavedReportRow) =>
  ZSavedReport.parse({ _id: row.id, label: row.label, measure: row.measure, grouping: row.grouping, chartType: row.chartType, baseUrl: BASE_URL, chartId: row.id });

/** Interactive charts, saved reports (GetAll / GetData), period close and the GL export: Reports staff. */
export async function reportsChartRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/Reports/Chart', { config: { access: 'module:Reports' }, schema: { tags, querystring: ZChartQuery, response: { 200: ZChartData } } }, async (request) => chartData(ctx.db, request.query));

  const listSaved = async () => (await ctx.db.select().from(savedReports).orderBy(desc(savedReports.createdAt)).limit(200)).map(present);
  r.get('/api/Reports/GetAll', { config: { access: 'module:Reports' }, schema: { tags, response: { 200: z.array(ZSavedReport) } } }, listSaved);
  // Spec doc 2 §7 also lists a bare `GET Reports`: the same list of report configs.
  r.get('/api/Reports', { config: { access: 'module:Reports' }, schema: { tags, response: { 200: z.array(ZSavedReport) } } }, listSaved);

  // The saved chart's data for a period (default: the last 12 months to today).
  r.get(
    '/api/Reports/GetData/:id',
    { config: { access: 'module:Reports' }, schema: { tags, params: ZIdParams, querystring: z.object({ start: z.string().optional(), end: z.string().optional() }), response: { 200: ZSavedReport.extend({ data: ZChartData, start: z.string(), end: z.string() }) } } },
    async (request) => {
      const [row] = await ctx.db.select().from(savedReports).where(eq(savedReports.id, request.params.id));
      if (!row) throw notFound(REPORT_MESSAGES.notFound);
      const today = await airportToday(ctx.db);
      const end = request.query.end ?? today;
      const start = request.query.start ?? `${Number(end.slice(0, 4)) - 1}${end.slice(4, 8)}01`;
      const query = ZChartQuery.safeParse({ start, end, grouping: row.grouping, measure: row.measure });
      if (!query.success) throw fieldError(String(query.error.issues[0]?.path[0] ?? 'start'), query.error.issues[0]?.message ?? 'Invalid period');
      return { ...present(row), start, end, data: await chartData(ctx.db, query.data) };
    },
  );

  r.post('/api/Reports', { config: { access: 'module:Reports' }, schema: { tags, body: ZSavedReportCreate, response: { 201: ZSavedReport.extend({ message: z.string() }) } } }, async (request, reply) => {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx.insert(savedReports).values({ ...request.body, createdBy: request.user?.id ?? null }).returning();
      await recordAudit(tx, actorOf(request), { action: 'create', entity: 'savedReport', entityId: created!.id, after: created! });
      return created!;
    });
    return reply.status(201).send({ ...present(row), message: REPORT_MESSAGES.saved });
  });

  r.delete('/api/Reports/:id', { config: { access: 'module:Reports' }, schema: { tags, params: ZIdParams, response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    await ctx.db.transaction(async (tx) => {
      const [gone] = await tx.delete(savedReports).where(eq(savedReports.id, request.params.id)).returning();
      if (!gone) throw notFound(REPORT_MESSAGES.notFound);
      await recordAudit(tx, actorOf(request), { action: 'delete', entity: 'savedReport', entityId: gone.id, before: gone });
    });
    return { message: REPORT_MESSAGES.deleted };
  });

  r.get('/api/Reports/PeriodClose', { config: { access: 'module:Reports' }, schema: { tags, response: { 200: ZPeriodCloseState } } }, async () => ({ closedThrough: await invoicesClosedThrough(ctx.db) }));

  r.post('/api/Reports/PeriodClose', { config: { access: 'admin:Reports' }, schema: { tags, body: ZPeriodClose, response: { 200: z.object({ message: z.string(), closedThrough: z.string() }) } } }, async (request) => {
    const today = await airportToday(ctx.db);
    const closed = await ctx.db.transaction((tx) => closeInvoicePeriod(tx, actorOf(request), request.body.through, today));
    return { message: REPORT_MESSAGES.closed, ...closed };
  });

  r.get('/api/Reports/GeneralLedger', { config: { access: 'module:Reports' }, schema: { tags, querystring: ZLedgerQuery } }, async (request, reply) => {
    const through = await invoicesClosedThrough(ctx.db);
    if (!through || request.query.end > through) throw new AppError('CONFLICT', LEDGER_NOT_CLOSED);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="general-ledger-${request.query.begin}-${request.query.end}.csv"`);
    reply.header('Cache-Control', 'no-store');
    return reply.send(ledgerCsv(ctx.db, request.query.begin, request.query.end));
  });
}
