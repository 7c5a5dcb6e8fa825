import { DEMO_ACCOUNTS } from '../../../apps/server/src/demo/demo.seed-support';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { createSession, CSRF_HEADER, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import type { PostRequest, SeededScenario, ServerLabel } from '../scenarios';

/**
 * Issue 25 §2: every list endpoint the web grids call (with their default page size and sort) and
 * the main writes, each against a bare route running the same repository code
 * (`endpoints-baseline.ts`). The data is the demo (seeded by the app itself) plus `size` generated
 * invoices; the caller is the demo administrator (every module), public calls go without a session.
 *
 * One case = one request kind. The app and the baseline get the same requests: the same path, or
 * for a write the same body shape with a counter of their own (names and reference numbers never
 * collide, so every write is a real insert).
 */
export interface EndpointCase {
  name: string;
  /** What the table says, e.g. 'GET /api/Invoices (grid, newest number first)'. */
  label: string;
  scenario: SeededScenario;
  /** Statuses that count as a right answer (a GET answers 200, a create 201). */
  okStatus: number;
}

/** What the baseline needs to answer as the app does: ids met in the paths, counted per server. */
export interface EndpointFacts {
  waitlistTypeId: string;
  masterInspectionId: string;
  masterWorkorderId: string;
  assetMasterId: string;
}

/** A GET grid of the web app: page 1, 10 rows (the grids' default), the grid's first sort. */
const grid = (path: string, query: Record<string, string> = {}) => `${path}?${new URLSearchParams({ ...query, page: '1', pageSize: '10' }).toString()}`;

/** The list requests, by name: the app and the baseline both answer these paths. */
export function listPaths(facts: EndpointFacts): Record<string, { path: string; label: string; isPublic?: boolean; countHeader?: boolean }> {
  return {
    invoices: { path: grid('/api/Invoices', { sort: 'invoiceNumber:desc' }), label: 'Invoices grid, newest number first' },
    agreements: { path: grid('/api/Agreements', { sort: 'startDate:desc' }), label: 'Agreements grid, newest start first' },
    companies: { path: grid('/api/Company'), label: 'Companies grid, by name' },
    properties: { path: grid('/api/Property/Grid'), label: 'Property grid, by name (status derived from leases)' },
    listings: { path: grid('/api/Listings', { sort: 'rent:asc' }), label: 'Public listings, by rent', isPublic: true },
    'parking-requests': { path: grid('/api/Invoices/List/TieDowns', { sort: 'beginDate:desc' }), label: 'Parking requests grid, newest arrival first' },
    waitlist: { path: grid(`/api/WaitList/Type/${facts.waitlistTypeId}`), label: "Wait list: a type's queue" },
    inspections: { path: grid('/api/Inspection/GetInspections', { inspectionId: facts.masterInspectionId, sort: 'createdDate:desc' }), label: "Inspections of a master, newest first" },
    workorders: { path: grid('/api/Workorder/GetWorkorders', { workorderId: facts.masterWorkorderId, sort: 'createdDate:desc' }), label: 'Work orders of a master, newest first' },
    assets: { path: grid('/api/Assets/GetAssets', { assetId: facts.assetMasterId, sort: 'createdAt:desc' }), label: "Assets of a master, newest first" },
    alerts: { path: grid('/api/Alerts', { sort: 'createdAt:desc' }), label: "The caller's alerts, newest first" },
    'notifications-sent': { path: grid('/api/Mail'), label: 'Notifications sent (outbox), newest first' },
    'aging-report': { path: '/api/Reports/Aging', label: 'Aging report (every open invoice)', countHeader: false },
  };
}

/** The write requests: each body is new (a counter per server), so 50 clients never collide. */
export const WRITE_PATHS = {
  'parking-request': '/api/Invoices/TieDown',
  'company-create': '/api/Company',
  'workorder-create': '/api/Workorder/CreateWorkorders',
} as const;

const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** Bodies in the form the app's schemas output (trimmed, lower-case e-mail), so the bare route can use them as they are. */
export const writeBodies = {
  'parking-request': (n: number, server: ServerLabel) => ({
    firstName: 'Bench', lastName: `Pilot ${server} ${n}`, phone: '7755550100', email: `pilot-${server}-${n}@bench.apron.test`,
    beginDate: isoDay(10), endDate: isoDay(12), airCraftType: 'Small Jet', airCraftNum: `N${n}${server === 'app' ? 'A' : 'B'}`, vehicleNum: '',
  }),
  'company-create': (n: number, server: ServerLabel, run: string) => ({
    name: `Bench Owner ${run} ${server} ${n}`, description: 'Created by the endpoints bench', address1: '1 Ramp Rd', city: 'Reno', state: 'NV', zip: '89502',
    email: `owner-${server}-${n}@bench.apron.test`, phone: '7755550101', contactname: 'Bench Contact', contactphone: '7755550102', isPaperless: false,
  }),
  'workorder-create': (n: number, server: ServerLabel, run: string, masterWorkorderId: string) => ({
    refnumber: `WO-${run}-${server}-${n}`, name: `Bench Contractor ${n}`, email: `contractor-${server}-${n}@bench.apron.test`, workorderfor: null, workorderId: masterWorkorderId,
  }),
};

/** The demo's ids the grids page: the type, masters with the most rows. */
async function findFacts(database: Database): Promise<EndpointFacts> {
  const first = async (sql: string, what: string) => {
    const { rows } = await database.query(sql);
    if (!rows[0]?.id) throw new Error(`the demo has no ${what}`);
    return String(rows[0].id);
  };
  return {
    waitlistTypeId: await first('select property_type_id as id from waitlist_applicants group by 1 order by count(*) desc limit 1', 'wait list applicant'),
    masterInspectionId: await first('select master_inspection_id as id from inspections group by 1 order by count(*) desc limit 1', 'inspection'),
    masterWorkorderId: await first('select id from master_workorders order by (select count(*) from workorders w where w.master_workorder_id = master_workorders.id) desc, id limit 1', 'master work order'),
    assetMasterId: await first('select master_id as id from assets group by 1 order by count(*) desc limit 1', 'asset'),
  };
}

/**
 * Prepares the demo database for the run and builds the cases: the demo administrator's session
 * (the server's own `createSession`) and free parking requests (TIEDOWN_PAYMENT no: a request is
 * a row and an invoice, no card), then the facts both servers page.
 */
export async function prepareEndpointCases(database: Database): Promise<{ cases: EndpointCase[]; facts: EndpointFacts; anonymousCsrf: Record<string, string> }> {
  const admin = DEMO_ACCOUNTS.find((a) => a.isAdmin && a.modules === 'all' && a.airport === 'main')!;
  const { rows } = await database.query('select id from accounts where email = $1', [admin.email]);
  if (!rows[0]) throw new Error(`the demo has no ${admin.email}`);
  const session = await createSession(database.db, String(rows[0].id));
  await database.query(`update system_settings set value = 'no' where name = 'TIEDOWN_PAYMENT'`);
  const facts = await findFacts(database);
  const signedIn = { cookie: `${SESSION_COOKIE}=${session.token}` };
  const writer = { ...signedIn, [CSRF_HEADER]: session.csrfToken, 'content-type': 'application/json' };

  const cases: EndpointCase[] = Object.entries(listPaths(facts)).map(([name, { path, label, isPublic, countHeader }]) => ({
    name,
    label: `GET ${path.split('?')[0]!.replace(facts.waitlistTypeId, '{typeId}')} — ${label}`,
    okStatus: 200,
    scenario: { path, headers: isPublic ? {} : signedIn, expectHeader: countHeader === false ? undefined : 'x-total-count' },
  }));

  // The public form's visitor: the anonymous CSRF cookie and token of `GET /api/CSRF`, filled in
  // by the runner once the app is up (the baseline ignores them).
  const anonymousCsrf: Record<string, string> = {};
  const run = Date.now().toString(36);
  const counters: Record<string, number> = {};
  const post = (name: keyof typeof WRITE_PATHS, label: string, build: (n: number, server: ServerLabel) => PostRequest): EndpointCase => ({
    name,
    label: `POST ${WRITE_PATHS[name]} — ${label}`,
    okStatus: 201,
    scenario: {
      path: WRITE_PATHS[name],
      headers: {},
      post: {
        next(server) {
          const key = `${name}:${server}`;
          counters[key] = (counters[key] ?? 0) + 1;
          return build(counters[key], server);
        },
        expectedStatuses: [],
        used: (server) => counters[`${name}:${server}`] ?? 0,
      },
    },
  });
  cases.push(
    // Public, like the form: no session; each request from its own address (X-Forwarded-For,
    // TRUST_PROXY on), as many visitors send it; the per-address rate limit counts each in the database.
    post('parking-request', 'public parking request (free: a request and its invoice)', (n, server) => ({
      path: WRITE_PATHS['parking-request'],
      headers: { ...anonymousCsrf, 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify(writeBodies['parking-request'](n, server)),
    })),
    post('company-create', 'Add Owner', (n, server) => ({ path: WRITE_PATHS['company-create'], headers: writer, body: JSON.stringify(writeBodies['company-create'](n, server, run)) })),
    post('workorder-create', 'a work order of a master', (n, server) => ({
      path: WRITE_PATHS['workorder-create'],
      headers: writer,
      body: JSON.stringify(writeBodies['workorder-create'](n, server, run, facts.masterWorkorderId)),
    })),
  );
  return { cases, facts, anonymousCsrf };
}
