import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { createSession, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import { seedBenchAgreements } from '../../../apps/server/src/modules/agreements/agreements.seed-support';
import type { HttpScenario } from '../scenarios';
import { countMatchingBare } from './grid-count';

/**
 * Issue 4 item 14: the agreements grid (`GET /api/Agreements`, newest start first) and one
 * company's agreements (`GET /api/Company/Agreements/{id}`) over `size` agreements in 500
 * companies (bulk SQL from the agreements module). The SQL below is what the app runs
 * (agreements.repo.ts `listAgreements`; the company route first checks the company exists);
 * the baseline runs it bare.
 *
 * To enable: add `...AGREEMENTS_SCENARIOS` to `HTTP_SCENARIOS` in ../scenarios.ts, and in
 * ../baseline-server.ts call `registerAgreementsBaseline(app, database, scenario, findUser)`
 * before the "No baseline" branch.
 */
const GRID_COLUMNS = `a.id, a.title, a.agreement_num, a.start_date, a.end_date, a.status, a.company_id, c.name as company_name`;
export const AGREEMENTS_PAGE_SQL = `select ${GRID_COLUMNS}
  from agreements a inner join companies c on c.id = a.company_id
  order by a.start_date desc, a.id desc limit $1 offset $2`;
/** Counted by `countMatchingBare` (exact up to 1,000, else estimated), as the app does. */
export const AGREEMENTS_MATCHING_SQL = 'select 1 from agreements';
export const COMPANY_STATUS_SQL = 'select status from companies where id = $1 limit 1';
export const COMPANY_AGREEMENTS_PAGE_SQL = `select ${GRID_COLUMNS}
  from agreements a inner join companies c on c.id = a.company_id
  where a.company_id = $1
  order by a.start_date desc, a.id desc limit $2 offset $3`;
export const COMPANY_AGREEMENTS_MATCHING_SQL = 'select 1 from agreements where company_id = $1';

async function leaseCaller(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     values ('load-lease@bench.apron.test', 'Load', 'Lease', true, false, '{Lease}'::text[]) returning id`,
  );
  const session = await createSession(database.db, String(rows[0]!.id));
  return { cookie: `${SESSION_COOKIE}=${session.token}` };
}

export const AGREEMENTS_SCENARIOS: Record<string, HttpScenario> = {
  'agreements-grid': {
    name: 'agreements-grid',
    description: 'GET /api/Agreements?page=1&pageSize=10 (Lease staff, newest start first) over `size` agreements',
    defaultSize: 50_000,
    async seed(database, size) {
      await seedBenchAgreements(database.db, size);
      return { path: '/api/Agreements?page=1&pageSize=10', headers: await leaseCaller(database), expectHeader: 'x-total-count' };
    },
  },
  'company-agreements': {
    name: 'company-agreements',
    description: "GET /api/Company/Agreements/<id>?page=1&pageSize=10 (one company's agreements) over `size` agreements in 500 companies",
    defaultSize: 50_000,
    async seed(database, size) {
      const { companyIds } = await seedBenchAgreements(database.db, size);
      return { path: `/api/Company/Agreements/${companyIds[0]}?page=1&pageSize=10`, headers: await leaseCaller(database), expectHeader: 'x-total-count' };
    },
  },
};

const present = (row: Record<string, unknown>) => ({
  _id: row.id, title: row.title, agreementNum: row.agreement_num, startDate: row.start_date, endDate: row.end_date,
  status: row.status, tenantId: row.company_id, tenantName: row.company_name,
});

/** The bare baseline routes for the two scenarios; false when `scenario` is not one of them. */
export function registerAgreementsBaseline(
  app: FastifyInstance,
  database: Database,
  scenario: string | undefined,
  findUser: (cookie: string | undefined) => Promise<Record<string, unknown> | null>,
): boolean {
  const paging = (query: { page?: string; pageSize?: string }) => {
    const pageSize = Number(query.pageSize ?? 10);
    return { pageSize, offset: (Number(query.page ?? 1) - 1) * pageSize };
  };
  if (scenario === 'agreements-grid') {
    app.get('/api/Agreements', async (request, reply) => {
      if (!(await findUser(request.headers.cookie))) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      const { pageSize, offset } = paging(request.query as { page?: string; pageSize?: string });
      const page = await database.query(AGREEMENTS_PAGE_SQL, [pageSize, offset]);
      reply.header('x-total-count', String(await countMatchingBare(database, AGREEMENTS_MATCHING_SQL, [])));
      return page.rows.map(present);
    });
    return true;
  }
  if (scenario === 'company-agreements') {
    app.get('/api/Company/Agreements/:id', async (request, reply) => {
      if (!(await findUser(request.headers.cookie))) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      const { id } = request.params as { id: string };
      const company = await database.query(COMPANY_STATUS_SQL, [id]);
      if (company.rows.length === 0) return reply.status(404).send({ code: 'NOT_FOUND' });
      const { pageSize, offset } = paging(request.query as { page?: string; pageSize?: string });
      const page = await database.query(COMPANY_AGREEMENTS_PAGE_SQL, [id, pageSize, offset]);
      reply.header('x-total-count', String(await countMatchingBare(database, COMPANY_AGREEMENTS_MATCHING_SQL, [id])));
      return page.rows.map(present);
    });
    return true;
  }
  return false;
}
