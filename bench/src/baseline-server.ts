import Fastify from 'fastify';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/db.bench-support';
// The app's connections work at the caller's airport (row-level security): the baseline's at the first.
import { FIRST_AIRPORT_SCOPE } from '../../apps/server/src/platform/tenancy/tenancy.bench-support';
import { hashToken, SESSION_COOKIE } from '../../apps/server/src/platform/auth/auth.bench-support';
import { registerAgreementsBaseline } from './scenarios/agreements';
import { registerListingsBaseline } from './scenarios/listings';
import { registerInvoicesBaseline } from './scenarios/invoices';
import { registerBalancesBaseline } from './scenarios/balances';
import { registerWaitlistBaseline } from './scenarios/waitlist';
import { registerChatBaseline } from './scenarios/chat';
import { registerEndpointsBaseline } from './scenarios/endpoints-baseline';
import { DOCUMENT_TYPES_COUNT_SQL, DOCUMENT_TYPES_PAGE_SQL, SESSION_SQL } from './scenarios';

/**
 * The baseline: a bare Fastify route per scenario that runs the same SQL as the app, through the
 * same driver, with no plugins, validation, access rules or logging. The app's throughput as a
 * ratio of this one is what the framework and our code cost on top of the database work.
 */
function sessionToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return null;
}

async function main(): Promise<void> {
  const scenario = process.env.BENCH_SCENARIO;
  const port = Number(process.env.PORT);
  const database: Database = process.env.DATABASE_URL
    ? await openPostgres(process.env.DATABASE_URL, 10, FIRST_AIRPORT_SCOPE)
    : await openPglite({ dataDir: process.env.DATA_DIR!, unscoped: FIRST_AIRPORT_SCOPE });
  const app = Fastify({ logger: false });

  const findUser = async (cookie: string | undefined) => {
    const token = sessionToken(cookie);
    if (!token) return null;
    const { rows } = await database.query(SESSION_SQL, [hashToken(token)]);
    return rows[0] ?? null;
  };

  app.get('/api/health', async () => {
    await database.query('select 1');
    return { status: 'ok' };
  });

  if (scenario === 'access') {
    app.get('/api/Access', async (request, reply) => {
      const user = await findUser(request.headers.cookie);
      if (!user) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      return { access: user.is_internal ? 'Internal' : 'External', modules: user.modules, user: { id: user.id, email: user.email } };
    });
  } else if (scenario === 'settings-grid') {
    app.get('/api/Crud/documentTypes', async (request, reply) => {
      const user = await findUser(request.headers.cookie);
      if (!user) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
      const query = request.query as { page?: string; pageSize?: string };
      const pageSize = Number(query.pageSize ?? 10);
      const offset = (Number(query.page ?? 1) - 1) * pageSize;
      const [page, counted] = await Promise.all([
        database.query(DOCUMENT_TYPES_PAGE_SQL, [pageSize, offset]),
        database.query(DOCUMENT_TYPES_COUNT_SQL),
      ]);
      reply.header('x-total-count', String(counted.rows[0]?.n ?? 0));
      return page.rows.map((row) => ({ _id: row.id, name: row.name, description: row.description, createdAt: row.created_at, updatedAt: row.updated_at }));
    });
  } else if (!registerListingsBaseline(app, database, scenario, findUser) && !registerAgreementsBaseline(app, database, scenario, findUser) && !registerInvoicesBaseline(app, database, scenario, findUser) && !registerBalancesBaseline(app, database, scenario, findUser) && !registerWaitlistBaseline(app, database, scenario, findUser) && !registerChatBaseline(app, database, scenario, findUser) && !registerEndpointsBaseline(app, database, scenario, findUser)) {
    throw new Error(`No baseline for scenario '${scenario}'`);
  }

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await app.listen({ port, host: '127.0.0.1' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
