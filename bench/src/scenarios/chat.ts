import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { CHAT_CURSOR_GRACE_MS, CHAT_LIMITS } from '@apron/core';
import type { Database } from '../../../apps/server/src/db/db.bench-support';
import { createSession, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import type { GetRequest, HttpScenario, ServerLabel } from '../scenarios';

/**
 * Issue 11 item 14: the chat poll (`GET /api/Messages/{id}?since=`) with `size` open conversations
 * (default 500). A browser with a conversation open polls it every 5 s (CHAT_POLL_MS) with its
 * own cursor, the newest `createdAt` it holds: the applicant through the private link
 * (`?token=`, no session), staff with the session cookie. So the load is many clients, each
 * polling a different conversation: one applicant per conversation plus one staff member on every
 * STAFF_EVERY-th, in round robin. Every NEW_EVERY-th client's cursor is one message behind, so its
 * polls carry a new message (as between a message arriving and the client moving its cursor); the
 * rest get 'nothing new' — which is still the held newest message, because a `since` poll answers
 * what was written from 5 s (CHAT_CURSOR_GRACE_MS) before the cursor on and clients merge by `_id`.
 * Cursors stay fixed, so both servers get the same answers in the same order.
 *
 * The SQL below is what the app runs for one poll (chat.policy.ts resolveChatCaller: the applicant
 * and whether the private link's token is theirs, in one statement; chat.repo.ts createMessageReader: the
 * thread after the cursor with each message's documents, in one statement); staff add the session
 * lookup first. The app sends both as named prepared statements; the baseline sends the same text
 * unnamed, as every baseline here does.
 */
export const CHAT_APPLICANT_SQL = 'select "id", "email", "first_name", "last_name", coalesce("private_token_hash" = $1, false) from "waitlist_applicants" where "waitlist_applicants"."id" = $2 limit $3';
export const CHAT_SINCE_SQL = `select "id", "applicant_id", "is_admin", "author_id", "author_email", "author_name", "content", "created_at", "read_at", coalesce((
  select json_agg(json_build_object('id', d.id, 'name', d.name, 'contentType', d.content_type, 'size', d.size) order by d.created_at, d.id)
  from chat_documents d where d.message_id = chat_messages.id), '[]'::json) as documents
  from "chat_messages" where ("chat_messages"."applicant_id" = $1 and "chat_messages"."created_at" > $2) order by "chat_messages"."created_at" asc, "chat_messages"."id" asc limit $3`;

/** One staff client on every 20th conversation (25 staff members at 500). */
const STAFF_EVERY = 20;
/** One client in ten holds a cursor a message behind: its polls carry a new message. */
const NEW_EVERY = 10;
/** Every fifth conversation's newest message carries a document. */
const DOCUMENT_EVERY = 5;
const tokenOf = (g: number) => `bench-chat-token-${g}`;

interface PollClient extends GetRequest {
  kind: 'applicant' | 'staff';
  fresh: boolean;
  document: boolean;
}

interface Thread {
  applicantId: string;
  asStaff: boolean;
  messages: Array<{ documents: unknown[] }>;
}

const rowsOf = (result: { rows: Record<string, unknown>[] }) => result.rows;

/** The node chain of the plan the database picks for `sql` (is the poll index-backed?). */
async function planOf(database: Database, sql: string, params: unknown[]): Promise<string> {
  const explained = await database.query(`explain (format json) ${sql}`, params);
  const raw = explained.rows[0]?.['QUERY PLAN'];
  type Node = { 'Node Type': string; 'Index Name'?: string; Plans?: Node[] };
  let node = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: Node }>)[0]?.Plan;
  const chain: string[] = [];
  while (node) {
    chain.push(node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type']);
    node = node.Plans?.[0];
  }
  return chain.join(' > ');
}

async function seedConversations(database: Database, size: number): Promise<PollClient[]> {
  const [type] = rowsOf(await database.query(`insert into property_types (name) values ('Bench Chat Hangar') returning id`));
  const staffCount = Math.max(1, Math.ceil(size / STAFF_EVERY));
  const staff = rowsOf(
    await database.query(
      `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
       select 'chat-staff-' || g || '@bench.apron.test', 'Staff', 'Member ' || g, true, false, '{Waitlist}'::text[]
       from generate_series(1, $1::int) g returning id, email, given_name || ' ' || family_name as name`,
      [staffCount],
    ),
  );
  await database.query(
    `insert into waitlist_applicants (property_type_id, aircraft_type, first_name, last_name, email, status, joined_at, queued_at, private_token_hash)
     select $1::uuid, 'Cessna 172', 'First' || g, 'Last' || g, 'chat' || g || '@bench.apron.test', 'Unpaid',
            now() - make_interval(mins => $2::int - g + 60), now() - make_interval(mins => $2::int - g + 60),
            encode(sha256(convert_to('bench-chat-token-' || g, 'UTF8')), 'hex')
     from generate_series(1, $2::int) g`,
    [type!.id, size],
  );
  // 3 to 6 messages per conversation, alternating applicant and staff, 10 minutes apart, the
  // newest within the last two days; all read but the newest.
  const numbered = `select id, row_number() over (order by queued_at, id)::int as g from waitlist_applicants where property_type_id = $1::uuid`;
  await database.query(
    `with a as (${numbered}), m as (select a.id, a.g, k, 3 + a.g % 4 as n from a cross join generate_series(1, 6) k)
     insert into chat_messages (applicant_id, is_admin, author_id, author_email, author_name, content, created_at, read_at)
     select m.id, m.k % 2 = 0,
            case when m.k % 2 = 0 then ($2::uuid[])[1 + m.g % $5::int] end,
            case when m.k % 2 = 0 then ($3::text[])[1 + m.g % $5::int] else 'chat' || m.g || '@bench.apron.test' end,
            case when m.k % 2 = 0 then ($4::text[])[1 + m.g % $5::int] else 'First' || m.g || ' Last' || m.g end,
            'Message ' || m.k || ' about hangar space for conversation ' || m.g || '. ' || repeat('Any news on the queue? ', 1 + m.k % 3),
            now() - make_interval(hours => m.g % 48) - make_interval(mins => 10 * (m.n - m.k)),
            case when m.k < m.n then now() - make_interval(hours => m.g % 48) end
     from m where m.k <= m.n`,
    [type!.id, staff.map((s) => s.id), staff.map((s) => s.email), staff.map((s) => s.name), staffCount],
  );
  await database.query(
    `with a as (${numbered}), newest as (
       select distinct on (m.applicant_id) m.id, m.applicant_id, m.is_admin, m.created_at, a.g
       from chat_messages m inner join a on a.id = m.applicant_id order by m.applicant_id, m.created_at desc, m.id desc)
     insert into chat_documents (applicant_id, message_id, uploaded_by_staff, name, content_type, size, storage_key, created_at)
     select applicant_id, id, is_admin, 'hangar-photo-' || g || '.jpg', 'image/jpeg', 245760, 'chat/bench-' || id, created_at
     from newest where g % ${DOCUMENT_EVERY} = 0`,
    [type!.id],
  );
  // Each client's cursor: the newest message's createdAt, or the one before it for a client with news.
  const conversations = rowsOf(
    await database.query(
      `with a as (${numbered})
       select a.id, a.g, (select m.created_at from chat_messages m where m.applicant_id = a.id
                          order by m.created_at desc, m.id desc limit 1 offset case when a.g % ${NEW_EVERY} = 0 then 1 else 0 end) as cursor
       from a order by a.g`,
      [type!.id],
    ),
  );
  const cookies: string[] = [];
  for (const member of staff) cookies.push(`${SESSION_COOKIE}=${(await createSession(database.db, String(member.id))).token}`);
  // As the owner: the app role's own `analyze` skips tables it does not own (row-level security).
  await database.platformQuery('analyze waitlist_applicants, chat_messages, chat_documents');

  const clients: PollClient[] = [];
  for (const row of conversations) {
    const g = Number(row.g);
    const since = encodeURIComponent((row.cursor as Date).toISOString());
    const shared = { fresh: g % NEW_EVERY === 0, document: g % DOCUMENT_EVERY === 0 };
    clients.push({ kind: 'applicant', path: `/api/Messages/${row.id}?since=${since}&token=${tokenOf(g)}`, headers: {}, ...shared });
    if (g % STAFF_EVERY === 1) clients.push({ kind: 'staff', path: `/api/Messages/${row.id}?since=${since}`, headers: { cookie: cookies[g % staffCount]! }, ...shared });
  }

  const sample = conversations[0]!;
  const cursor = new Date((sample.cursor as Date).getTime() - CHAT_CURSOR_GRACE_MS);
  const counts = rowsOf(await database.query('select (select count(*)::int from chat_messages) as messages, (select count(*)::int from chat_documents) as documents'))[0]!;
  console.log(`   ${size} conversations, ${counts.messages} messages, ${counts.documents} documents; ${clients.length} polling clients (${clients.filter((c) => c.kind === 'staff').length} staff), ${clients.filter((c) => c.fresh).length} with a new message`);
  console.log(`   plans: applicant ${await planOf(database, CHAT_APPLICANT_SQL, [createHash('sha256').update(tokenOf(1)).digest('hex'), sample.id, 1])}`);
  console.log(`          since ${await planOf(database, CHAT_SINCE_SQL, [sample.id, cursor, CHAT_LIMITS.historySize])}`);
  return clients;
}

/** The answers each kind of poll must give, on both servers alike (the baseline must not answer less). */
function checker(clients: PollClient[]) {
  const seen = new Map<string, unknown>();
  return async (baseUrl: string, server: ServerLabel) => {
    const pick = (kind: PollClient['kind'], fresh: boolean, document: boolean) => clients.find((c) => c.kind === kind && c.fresh === fresh && c.document === document);
    const cases = [pick('applicant', false, false), pick('applicant', true, false), pick('applicant', false, true), pick('applicant', true, true), pick('staff', false, false), pick('staff', true, true)];
    for (const client of cases) {
      if (!client) continue;
      const response = await fetch(`${baseUrl}${client.path}`, { headers: client.headers });
      const thread = (await response.json()) as Thread;
      const documents = thread.messages.reduce((n, m) => n + m.documents.length, 0);
      const wanted = { messages: client.fresh ? 2 : 1, asStaff: client.kind === 'staff', documents: client.document ? 1 : 0 };
      const got = { messages: thread.messages.length, asStaff: thread.asStaff, documents };
      if (response.status !== 200 || !isDeepStrictEqual(got, wanted)) {
        throw new Error(`${server}: GET ${client.path} answered ${response.status} ${JSON.stringify(got)}, expected ${JSON.stringify(wanted)}`);
      }
      const key = `${client.kind} ${client.path}`;
      if (seen.has(key) && !isDeepStrictEqual(seen.get(key), thread)) throw new Error(`${server}: GET ${client.path} answers differently from the app`);
      seen.set(key, thread);
    }
    const wrongToken = clients.find((c) => c.kind === 'applicant')!.path.replace(/token=[^&]+/, 'token=not-a-token');
    const refused = await fetch(`${baseUrl}${wrongToken}`);
    if (refused.status !== 404) throw new Error(`${server}: a poll with a wrong token answered ${refused.status}, expected 404`);
  };
}

export const CHAT_SCENARIOS: Record<string, HttpScenario> = {
  'chat-poll': {
    name: 'chat-poll',
    description: 'GET /api/Messages/<id>?since=<cursor> (&token= by private link, or the staff cookie): each client polls its own conversation, `size` open conversations',
    defaultSize: 500,
    async seed(database, size) {
      const clients = await seedConversations(database, size);
      const position: Record<ServerLabel, number> = { app: 0, baseline: 0 };
      return {
        path: clients[0]!.path,
        headers: clients[0]!.headers,
        get: {
          next(server) {
            const client = clients[position[server]++ % clients.length]!;
            return { path: client.path, headers: client.headers };
          },
        },
        check: checker(clients),
      };
    },
  },
};

/** The bare baseline route; false when `scenario` is not this one. */
export function registerChatBaseline(
  app: FastifyInstance,
  database: Database,
  scenario: string | undefined,
  findUser: (cookie: string | undefined) => Promise<Record<string, unknown> | null>,
): boolean {
  if (scenario !== 'chat-poll') return false;
  app.get('/api/Messages/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { since, token } = request.query as { since?: string; token?: string };
    const user = request.headers.cookie ? await findUser(request.headers.cookie) : null;
    if (!user && !token) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
    const staff = !!user?.is_internal && (user.modules as string[]).includes('Waitlist');
    const tokenHash = !staff && token ? createHash('sha256').update(token).digest('hex') : null;
    const found = staff || token ? rowsOf(await database.query(CHAT_APPLICANT_SQL, [tokenHash, id, 1]))[0] : undefined;
    const applicant = found && (staff || found.coalesce === true) ? found : undefined;
    if (!applicant) return reply.status(404).send({ code: 'NOT_FOUND' });
    // The scenario always polls with `since`; the first read (newest 200) is not measured here.
    const cursor = new Date(new Date(since ?? 0).getTime() - CHAT_CURSOR_GRACE_MS);
    const messages = rowsOf(await database.query(CHAT_SINCE_SQL, [id, cursor, CHAT_LIMITS.historySize]));
    reply.header('cache-control', 'private, no-store');
    return {
      applicantId: applicant.id,
      applicantName: `${String(applicant.first_name)} ${String(applicant.last_name)}`.trim(),
      asStaff: staff,
      messages: messages.map((m) => ({
        _id: m.id, email: m.author_email, sender: m.author_name, content: m.content, createdAt: (m.created_at as Date).toISOString(), isAdmin: m.is_admin,
        documents: (m.documents as Array<Record<string, unknown>>).map((d) => ({ _id: d.id, name: d.name, contentType: d.contentType, size: d.size })),
      })),
    };
  });
  return true;
}
