import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { createSession, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import type { HttpScenario } from '../scenarios';
import { countMatchingBare } from './grid-count';

/**
 * Issue 11 item 14: the wait list's type grid (`GET /api/WaitList/Type/{typeId}`, queue order, first
 * page) over `size` applicants of one property type (plus a second, smaller type). The SQL below is
 * what the app runs for it (waitlist.repo.ts `listApplicantsOfType`: the type check, the page of
 * the queue whose Queue # is the row's place on the page, the capped count); the baseline runs it
 * bare. The app also asks the chat for the page's unread counts (one indexed query on 10 ids).
 * Run at `--size 1000` and `--size 100000`: the first page should cost about the same.
 */
export const TYPE_EXISTS_SQL = 'select id from property_types where id = $1 limit 1';
export const WAITLIST_PAGE_SQL = `select a.id, a.property_type_id, a.aircraft_type, a.first_name, a.last_name, a.phone, a.email, a.organization, a.status, a.joined_at, t.name as type_name
  from waitlist_applicants a inner join property_types t on t.id = a.property_type_id
  where a.property_type_id = $1
  order by a.queued_at asc, a.id asc limit $2 offset $3`;
export const WAITLIST_MATCHING_SQL = 'select 1 from waitlist_applicants where property_type_id = $1';

async function seedApplicants(database: Database, size: number): Promise<string> {
  const types = await database.query(`insert into property_types (name) values ('Bench T-Hangar'), ('Bench Box Hangar') returning id`);
  const [big, small] = types.rows.map((row) => String(row.id));
  // Joined one minute apart, oldest first; a tenth as many in the second type.
  await database.query(
    `insert into waitlist_applicants (property_type_id, aircraft_type, first_name, last_name, phone, email, organization, status, joined_at, queued_at, private_token_hash)
     select case when g % 11 = 0 then $2::uuid else $1::uuid end, 'Cessna 172', 'First' || g, 'Last' || g, '775555' || lpad((g % 10000)::text, 4, '0'),
            'applicant' || g || '@bench.apron.test', 'Org ' || (g % 500), (array['Unpaid','Paid','InProgress'])[1 + g % 3],
            now() - make_interval(mins => $3::int - g), now() - make_interval(mins => $3::int - g), md5(g::text || 'token')
     from generate_series(1, $3::int) g`,
    [big, small, size],
  );
  // As the owner: the app role's own `analyze` skips tables it does not own (row-level security).
  await database.platformQuery('analyze waitlist_applicants');
  return big!;
}

async function waitlistCaller(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     values ('load-waitlist@bench.apron.test', 'Load', 'Waitlist', true, false, '{Waitlist}'::text[]) returning id`,
  );
  const session = await createSession(database.db, String(rows[0]!.id));
  return { cookie: `${SESSION_COOKIE}=${session.token}` };
}

export const WAITLIST_SCENARIOS: Record<string, HttpScenario> = {
  'waitlist-grid': {
    name: 'waitlist-grid',
    description: "GET /api/WaitList/Type/<id>?page=1&pageSize=10 (a type's queue, first page) over `size` applicants",
    defaultSize: 100_000,
    async seed(database, size) {
      const typeId = await seedApplicants(database, size);
      return { path: `/api/WaitList/Type/${typeId}?page=1&pageSize=10`, headers: await waitlistCaller(database), expectHeader: 'x-total-count' };
    },
  },
};

/** The bare baseline route; false when `scenario` is not this one. */
export function registerWaitlistBaseline(
  app: FastifyInstance,
  database: Database,
  scenario: string | undefined,
  findUser: (cookie: string | undefined) => Promise<Record<string, unknown> | null>,
): boolean {
  if (scenario !== 'waitlist-grid') return false;
  app.get('/api/WaitList/Type/:typeId', async (request, reply) => {
    if (!(await findUser(request.headers.cookie))) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
    const { typeId } = request.params as { typeId: string };
    if ((await database.query(TYPE_EXISTS_SQL, [typeId])).rows.length === 0) return reply.status(404).send({ code: 'NOT_FOUND' });
    const query = request.query as { page?: string; pageSize?: string };
    const pageSize = Number(query.pageSize ?? 10);
    const offset = (Number(query.page ?? 1) - 1) * pageSize;
    const page = await database.query(WAITLIST_PAGE_SQL, [typeId, pageSize, offset]);
    reply.header('x-total-count', String(await countMatchingBare(database, WAITLIST_MATCHING_SQL, [typeId])));
    return page.rows.map((row, i) => ({
      _id: row.id, propertyType: row.property_type_id, propertyTypeName: row.type_name, aircrafttype: row.aircraft_type, firstName: row.first_name,
      lastName: row.last_name, phone: row.phone, email: row.email, organization: row.organization, status: row.status, createdAt: row.joined_at,
      queuePosition: offset + i + 1, unreadMessages: 0,
    }));
  });
  return true;
}
