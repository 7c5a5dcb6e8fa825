import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZGasb87Agreement, ZGasb87JournalEntries, ZGasb87Maturity, ZGasb87MaturityQuery, ZGasb87PeriodQuery, ZGasb87RollForward, ZGasb87RollForwardQuery, ZIdParams,
} from '@apron/core';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors/app-error';
import { agreementReport, journalLines, journalReport, maturityReport, rollForwardReport } from '../gasb87/index';
import { LEDGER_HEADER, ledgerLine } from './ledger';

const tags = ['reports'];
/** GASB 87 reports are the airport's accounting: Reports staff and administrators, never tenants (403). */
const access = 'module:Reports';

/** GASB 87 (issue 24, docs/gasb87.md): a lease's schedule, the roll-forward, the maturity analysis, journal entries. */
export async function gasb87Routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/Reports/Gasb87/Agreements/:id', { config: { access }, schema: { tags, params: ZIdParams, response: { 200: ZGasb87Agreement } } }, async (request) => {
    const report = await agreementReport(ctx.db, request.params.id);
    if (!report) throw notFound('Agreement not found');
    return report;
  });

  r.get('/api/Reports/Gasb87/RollForward', { config: { access }, schema: { tags, querystring: ZGasb87RollForwardQuery, response: { 200: ZGasb87RollForward } } }, async (request) =>
    rollForwardReport(ctx.db, request.query.fiscalYear),
  );

  r.get('/api/Reports/Gasb87/Maturity', { config: { access }, schema: { tags, querystring: ZGasb87MaturityQuery, response: { 200: ZGasb87Maturity } } }, async (request) =>
    maturityReport(ctx.db, request.query.asOf),
  );

  r.get('/api/Reports/Gasb87/JournalEntries', { config: { access }, schema: { tags, querystring: ZGasb87PeriodQuery, response: { 200: ZGasb87JournalEntries } } }, async (request) =>
    journalReport(ctx.db, request.query.from, request.query.to),
  );

  // Beside `GET /api/Reports/GeneralLedger`: the same CSV journal lines, for the GASB 87 entries of the period.
  r.get('/api/Reports/GeneralLedger/Gasb87', { config: { access }, schema: { tags, querystring: ZGasb87PeriodQuery } }, async (request, reply) => {
    const { from, to } = request.query;
    const lines = await journalLines(ctx.db, from, to);
    async function* csv() {
      yield '\uFEFF' + ledgerLine(LEDGER_HEADER);
      for (const l of lines) yield ledgerLine([l.date, 'GASB 87', l.agreementNum, l.account, l.description, l.debitCents || null, l.creditCents || null]);
    }
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="gasb87-general-ledger-${from}-${to}.csv"`);
    reply.header('Cache-Control', 'no-store');
    return reply.send(Readable.from(csv()));
  });
}
