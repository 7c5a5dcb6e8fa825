import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { createSession, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import { invoiceGridCursor } from '../../../apps/server/src/modules/invoices/invoices.bench-support';
import { seedBenchInvoices } from '../../../apps/server/src/modules/invoices/invoices.seed-support';
import { FIRST_AIRPORT_ID, insertAirport, withAirport } from '../../../apps/server/src/platform/tenancy/tenancy.bench-support';
import type { HttpScenario } from '../scenarios';
import { countAfterBare, countMatchingBare } from './grid-count';

/**
 * Issue 5 item 15: the invoices grid (`GET /api/Invoices?status=Overdue`, first page, newest
 * number first) over `size` invoices with five lines each (200,000 -> 1,000,000 lines). The app
 * reads the maintained totals (invoices.repo.ts `listInvoices`); the SQL below is what it runs,
 * which the baseline runs bare.
 *
 * Not covered here: pay-from-balance under 50 concurrent clients (a POST that changes state and
 * needs CSRF; the harness loads GETs) and the monthly cycle run for 10,000 agreements.
 */
export const INVOICES_PAGE_SQL = `select i.*, c.name as tenant_name
  from invoices i inner join companies c on c.id = i.company_id
  where i.status = $1
  order by i.invoice_number desc, i.invoice_number desc limit $2 offset $3`;
/** A page after a cursor (keyset, no OFFSET): the rows after the previous page's last number. */
export const INVOICES_PAGE_AFTER_SQL = `select i.*, c.name as tenant_name
  from invoices i inner join companies c on c.id = i.company_id
  where i.status = $1 and (i.invoice_number) < ($3)
  order by i.invoice_number desc limit $2`;
/** Counted by `countMatchingBare` (exact up to 1,000, else estimated), as the app does. */
export const INVOICES_MATCHING_SQL = 'select 1 from invoices where status = $1';
const INVOICES_MATCHING_AFTER_SQL = 'select 1 from invoices where status = $1 and (invoice_number) < ($2)';

async function invoicesCaller(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     values ('load-invoices@bench.apron.test', 'Load', 'Invoices', true, false, '{Invoices}'::text[]) returning id`,
  );
  const session = await createSession(database.db, String(rows[0]!.id));
  return { cookie: `${SESSION_COOKIE}=${session.token}` };
}

type GridPage = 'first' | 'middle' | 'last';

/**
 * The grid's request (pageSize 10) for a page of the Overdue invoices: the first, the middle one
 * or the last. As the grid asks once a person has paged there with Next: the deep pages come
 * with the cursor (`after`) of the row before them, which the grid kept from the page before.
 */
async function overduePagePath(database: Database, which: GridPage): Promise<string> {
  const first = '/api/Invoices?status=Overdue&page=1&pageSize=10';
  if (which === 'first') return first;
  const { rows } = await database.query(`select count(*)::int as n from (${INVOICES_MATCHING_SQL}) matching`, ['Overdue']);
  const pages = Math.max(1, Math.ceil(Number(rows[0]!.n) / 10));
  const page = which === 'last' ? pages : Math.ceil(pages / 2);
  if (page === 1) return first;
  const before = await database.query('select invoice_number from invoices where status = $1 order by invoice_number desc offset $2 limit 1', ['Overdue', (page - 1) * 10 - 1]);
  return `/api/Invoices?status=Overdue&page=${page}&pageSize=10&after=${invoiceGridCursor(Number(before.rows[0]!.invoice_number))}`;
}

/**
 * Issue 20 §1: the first page (P1), a page in the middle and the last page of the same grid, as
 * a person paging with Next reaches them: the deep pages by keyset (`after`), reading the page
 * and one row more after the cursor, not the rows before it.
 */
function invoicesGridScenario(name: string, which: GridPage): HttpScenario {
  return {
    name,
    description: `GET /api/Invoices?status=Overdue&page=<${which}>&pageSize=10${which === 'first' ? '' : '&after=<cursor of the row before>'} (Invoices staff) over \`size\` invoices with 5 lines each`,
    defaultSize: 200_000,
    async seed(database, size) {
      await seedBenchInvoices(database.db, size);
      return { path: await overduePagePath(database, which), headers: await invoicesCaller(database), expectHeader: 'x-total-count' };
    },
  };
}

/**
 * Issue 22 (P1 with airports): the same first page for a caller of the first airport, with `size`
 * invoices (default 100,000) at each of 10 airports: 1,000,000 in the database, a tenth of them
 * the caller's. Row-level security keeps the others out of the page and the count; the figure to
 * compare is `invoices-grid` at the same per-airport size (and at 1,000): the other airports' rows
 * should cost the page nothing. The baseline runs the same bare SQL at the first airport.
 */
const AIRPORTS = 10;

const invoicesGridAirports: HttpScenario = {
  name: 'invoices-grid-10-airports',
  description: 'GET /api/Invoices?status=Overdue&page=1&pageSize=10 (Invoices staff of the first airport) with `size` invoices at each of 10 airports',
  defaultSize: 100_000,
  async seed(database, size) {
    const airportIds = [FIRST_AIRPORT_ID];
    for (let i = 2; i <= AIRPORTS; i++) {
      airportIds.push((await insertAirport(database.db, { code: `G${String(i).padStart(2, '0')}`, name: `Grid Airport ${i}`, timeZone: 'America/Los_Angeles' })).id);
    }
    for (const id of airportIds) await withAirport(id, () => seedBenchInvoices(database.db, size));
    return { path: await overduePagePath(database, 'first'), headers: await invoicesCaller(database), expectHeader: 'x-total-count' };
  },
};

export const INVOICES_SCENARIOS: Record<string, HttpScenario> = {
  'invoices-grid': invoicesGridScenario('invoices-grid', 'first'),
  'invoices-grid-10-airports': invoicesGridAirports,
  'invoices-grid-middle': invoicesGridScenario('invoices-grid-middle', 'middle'),
  'invoices-grid-last': invoicesGridScenario('invoices-grid-last', 'last'),
};

const present = (row: Record<string, unknown>) => ({
  _id: row.id, name: row.name, invoiceNumber: Number(row.invoice_number), tenantId: row.company_id, tenantName: row.tenant_name,
  invoiceDate: row.invoice_date, paymentDate: row.payment_date, dueDate: row.due_date, status: row.status,
  amountDue: (Number(row.total_cents) - Number(row.paid_cents)) / 100, amountTotal: Number(row.total_cents) / 100, amountPaid: Number(row.paid_cents) / 100,
});

/** The bare baseline route; false when `scenario` is not this one. */
export function registerInvoicesBaseline(
  app: FastifyInstance,
  database: Database,
  scenario: string | undefined,
  findUser: (cookie: string | undefined) => Promise<Record<string, unknown> | null>,
): boolean {
  if (!scenario || !(scenario in INVOICES_SCENARIOS)) return false;
  app.get('/api/Invoices', async (request, reply) => {
    if (!(await findUser(request.headers.cookie))) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
    const query = request.query as { page?: string; pageSize?: string; status?: string; after?: string };
    const pageSize = Number(query.pageSize ?? 10);
    const pageNumber = Number(query.page ?? 1);
    const status = query.status ?? 'Created';
    const after = query.after ? (JSON.parse(Buffer.from(query.after, 'base64url').toString('utf8')) as { k: [number] }).k[0] : undefined;
    const page =
      after === undefined
        ? await database.query(INVOICES_PAGE_SQL, [status, pageSize, (pageNumber - 1) * pageSize])
        : await database.query(INVOICES_PAGE_AFTER_SQL, [status, pageSize, after]);
    const total =
      after === undefined
        ? await countMatchingBare(database, INVOICES_MATCHING_SQL, [status], pageNumber * pageSize)
        : await countAfterBare(database, INVOICES_MATCHING_SQL, INVOICES_MATCHING_AFTER_SQL, [status], [status, after], pageSize);
    reply.header('x-total-count', String(total));
    return page.rows.map(present);
  });
  return true;
}
