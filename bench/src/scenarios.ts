import { createSession, hashToken, SESSION_COOKIE } from '../../apps/server/src/platform/auth/auth.bench-support';
import type { Database } from '../../apps/server/src/db/db.bench-support';
import { FIRST_AIRPORT_ID } from '../../apps/server/src/platform/tenancy/tenancy.bench-support';
import { AGREEMENTS_SCENARIOS } from './scenarios/agreements';
import { LISTINGS_SCENARIOS } from './scenarios/listings';
import { INVOICES_SCENARIOS } from './scenarios/invoices';
import { BALANCES_SCENARIOS } from './scenarios/balances';
import { WAITLIST_SCENARIOS } from './scenarios/waitlist';
import { CHAT_SCENARIOS } from './scenarios/chat';

/**
 * The HTTP scenarios. Each seeds a scratch database to a size, names the request the load
 * generator sends to the real app, and gives the SQL the app runs for it, which the baseline
 * server runs through the same driver with nothing else around it.
 */
export interface SeededScenario {
  /** Path and query the load generator requests (both servers). */
  path: string;
  headers: Record<string, string>;
  /** Checks one answer before loading (a 401 under load would measure the wrong thing). */
  expectHeader?: string;
  /**
   * A state-changing scenario: POSTs built one by one (a new body per request, from a pool per
   * server), instead of the same GET of `path` again and again.
   */
  post?: {
    next(server: ServerLabel): PostRequest;
    /** Answers that are expected outcomes besides 2xx (e.g. 422 InSufficient Funds): counted apart. */
    expectedStatuses: number[];
    /** How many requests were built for `server` so far. */
    used(server: ServerLabel): number;
  };
  /**
   * GETs built one by one (each its own path and headers), e.g. many clients each polling their
   * own conversation with their own cursor, instead of the same GET of `path` again and again.
   */
  get?: {
    next(server: ServerLabel): GetRequest;
  };
  /** Checks beyond the first answer's status (e.g. each kind of answer has the right content), per server. */
  check?(baseUrl: string, server: ServerLabel): Promise<void>;
}

export interface GetRequest {
  path: string;
  headers: Record<string, string>;
}

export type ServerLabel = 'app' | 'baseline';

export interface PostRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface HttpScenario {
  name: string;
  description: string;
  defaultSize: number;
  seed(database: Database, size: number): Promise<SeededScenario>;
  /** Checks the database after both loads (invariants of a state-changing scenario); printed and saved. */
  verify?(database: Database): Promise<Record<string, unknown>>;
}

type Query = Database['query'];

/** The session lookup of platform/auth/sessions.ts `createSessionLookup`, as SQL. */
export const SESSION_SQL = `select s.id, s.account_id, s.csrf_token, s.id_token, s.created_at, s.last_seen_at, s.expires_at, a.*
  from sessions s inner join accounts a on a.id = s.account_id
  where s.id = $1 and s.expires_at > now() and a.enabled = true
  limit 1`;

/** The Settings grid page: `listMasterRows` for documentTypes sorted by name. */
export const DOCUMENT_TYPES_PAGE_SQL = 'select * from document_types order by lower(name) asc, id asc limit $1 offset $2';
export const DOCUMENT_TYPES_COUNT_SQL = 'select count(*)::int as n from document_types';

/**
 * Every account without a company works at the first airport, as its admin flag and modules say
 * (issue 22: who may do what is a membership of an airport). The scenarios insert accounts with raw
 * SQL, which records no membership; the runner calls this after each seed.
 */
export async function giveMembershipsAtFirstAirport(query: Query): Promise<void> {
  await query(
    `insert into airport_memberships (account_id, airport_id, is_admin, modules)
     select a.id, $1::uuid, a.is_admin, a.modules from accounts a where a.company_id is null
     on conflict (account_id, airport_id) do nothing`,
    [FIRST_AIRPORT_ID],
  );
}

/** `size` internal accounts, each with a live session (bulk SQL: generate_series). */
async function seedAccountsWithSessions(query: Query, size: number, modules: string[]): Promise<void> {
  await query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     select 'bench-' || g || '@bench.apron.test', 'Given' || g, 'Family' || g, true, (g % 10 = 0), $2::text[]
     from generate_series(1, $1::int) g`,
    [size, modules],
  );
  await query(
    `insert into sessions (id, account_id, csrf_token, expires_at)
     select encode(sha256(convert_to(a.id::text, 'UTF8')), 'hex'), a.id, md5(a.id::text), now() + interval '1 hour'
     from accounts a where a.email like 'bench-%'`,
  );
}

/** The account whose cookie the load generator sends, with a session made by the server's own code. */
async function benchCaller(database: Database, modules: string[]): Promise<Record<string, string>> {
  const { rows } = await database.query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     values ('load@bench.apron.test', 'Load', 'Generator', true, true, $1::text[]) returning id`,
    [modules],
  );
  const session = await createSession(database.db, String(rows[0]!.id));
  // The baseline hashes the cookie the same way the app does.
  if (hashToken(session.token).length !== 64) throw new Error('unexpected session id format');
  return { cookie: `${SESSION_COOKIE}=${session.token}` };
}

export const HTTP_SCENARIOS: Record<string, HttpScenario> = {
  access: {
    name: 'access',
    description: 'GET /api/Access with a session cookie (session lookup among `size` live sessions)',
    defaultSize: 10_000,
    async seed(database, size) {
      await seedAccountsWithSessions(database.query, size, ['Settings']);
      return { path: '/api/Access', headers: await benchCaller(database, ['Settings', 'Invoices']) };
    },
  },
  'settings-grid': {
    name: 'settings-grid',
    description: 'GET /api/Crud/documentTypes?page=1&pageSize=10&sort=name:asc over `size` document types',
    defaultSize: 10_000,
    async seed(database, size) {
      await database.query(
        `insert into document_types (name, description)
         select 'Document type ' || lpad(g::text, 7, '0'), 'Seeded for the settings-grid benchmark'
         from generate_series(1, $1::int) g`,
        [size],
      );
      await database.query('analyze document_types');
      return {
        path: '/api/Crud/documentTypes?page=1&pageSize=10&sort=name:asc',
        headers: await benchCaller(database, ['Settings']),
        expectHeader: 'x-total-count',
      };
    },
  },
  // Scenarios kept beside the modules' own notes (docs/properties.md, docs/owners-and-agreements.md).
  ...LISTINGS_SCENARIOS,
  ...AGREEMENTS_SCENARIOS,
  ...INVOICES_SCENARIOS,
  ...BALANCES_SCENARIOS,
  ...WAITLIST_SCENARIOS,
  ...CHAT_SCENARIOS,
};
