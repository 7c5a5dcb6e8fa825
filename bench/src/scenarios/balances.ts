import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx } from '../../../apps/server/src/db/db.bench-support';
import { createSession, CSRF_HEADER, SESSION_COOKIE } from '../../../apps/server/src/platform/auth/auth.bench-support';
import type { HttpScenario, PostRequest, ServerLabel } from '../scenarios';

/**
 * Issue 5 item 15: pay from balance (`POST /api/Company/UpdateInvoiceItems`) under 50 concurrent
 * clients. Each request pays ONE unpaid line of ONE company; consecutive requests go to different
 * companies (round robin), so 50 clients mostly take 50 different ledger locks, and no line is
 * sent twice. The app and the baseline get separate pools of companies (`BP-app-*`,
 * `BP-baseline-*`) so both start from the same state.
 *
 * Every fourth company has credit for only two lines: its third payment is refused with the
 * expected 422 'InSufficient Funds' (counted apart from the 2xx). The others have credit for all
 * their lines.
 *
 * `size` = unpaid lines per pool (default 40,000: 1,000 companies x 8 invoices x 5 lines of
 * $10.00), more than a 2 s warm-up plus 10 s of load can use up on this machine.
 */
const LINES_PER_INVOICE = 5;
const INVOICES_PER_COMPANY = 8;
const LINE_CENTS = 1000;
const LOW_CREDIT_LINES = 2;

async function seedPool(db: DbOrTx, pool: ServerLabel, companyCount: number): Promise<void> {
  const prefix = `BP-${pool}-`;
  await db.execute(sql`
    insert into companies (name, description, email, status)
    select ${prefix}::text || lpad(g::text, 6, '0'), 'Generated payer', 'payer-' || ${pool}::text || g || '@bench.apron.test', 'Active'
    from generate_series(0, ${companyCount - 1}::int) as g`);
  await db.execute(sql`
    insert into invoices (company_id, name, description, invoice_date, due_date, status, total_cents, paid_cents)
    select c.id, 'Bench payable ' || k, 'Generated', current_date, current_date + 30, 'Created', ${LINE_CENTS * LINES_PER_INVOICE}::bigint, 0
    from companies c cross join generate_series(1, ${INVOICES_PER_COMPANY}::int) as k
    where c.name like ${`${prefix}%`}`);
  await db.execute(sql`
    insert into invoice_line_items (invoice_id, name, description, charges_cents, amount, kind)
    select i.id, 'Line ' || k, 'Generated', ${LINE_CENTS}::bigint, 1, 'manual'
    from invoices i inner join companies c on c.id = i.company_id cross join generate_series(1, ${LINES_PER_INVOICE}::int) as k
    where c.name like ${`${prefix}%`}`);
  // Credit: every fourth company two lines' worth, the rest all their lines.
  await db.execute(sql`
    insert into balance_records (company_id, account_num_masked, routing_num, amount_cents, type, date_applied, reference)
    select c.id, '****1234', '021000021',
           case when substring(c.name from ${prefix.length + 1}::int)::int % 4 = 0 then ${LOW_CREDIT_LINES * LINE_CENTS}::bigint
                else ${INVOICES_PER_COMPANY * LINES_PER_INVOICE * LINE_CENTS}::bigint end,
           'Credit', current_date, 'Bench credit'
    from companies c where c.name like ${`${prefix}%`}`);
}

/** The pool's lines, round robin over companies: line k belongs to company k mod companyCount. */
async function poolLines(db: DbOrTx, pool: ServerLabel): Promise<Array<{ invoice_id: string; line_id: string }>> {
  const result = await db.execute(sql`
    select l.invoice_id, l.id as line_id
    from (
      select l.invoice_id, l.id, c.name,
             row_number() over (partition by c.id order by i.invoice_number, l.id) as r
      from invoice_line_items l
      inner join invoices i on i.id = l.invoice_id
      inner join companies c on c.id = i.company_id
      where c.name like ${`BP-${pool}-%`}
    ) l
    order by l.r, l.name`);
  return rowsOf<{ invoice_id: string; line_id: string }>(result);
}

async function payerCaller(database: Database): Promise<Record<string, string>> {
  const { rows } = await database.query(
    `insert into accounts (email, given_name, family_name, is_internal, is_admin, modules)
     values ('load-balances@bench.apron.test', 'Load', 'Balances', true, false, '{Company,Invoices}'::text[]) returning id`,
  );
  const session = await createSession(database.db, String(rows[0]!.id));
  return { cookie: `${SESSION_COOKIE}=${session.token}`, [CSRF_HEADER]: session.csrfToken, 'content-type': 'application/json' };
}

export const BALANCES_SCENARIOS: Record<string, HttpScenario> = {
  'pay-from-balance': {
    name: 'pay-from-balance',
    description: 'POST /api/Company/UpdateInvoiceItems (one line per request, a different company each) with cookie + CSRF; 422 InSufficient Funds expected for low-credit companies',
    defaultSize: 40_000,
    async seed(database, size) {
      const companyCount = Math.max(1, Math.ceil(size / (INVOICES_PER_COMPANY * LINES_PER_INVOICE)));
      const pools: Record<ServerLabel, Array<{ invoice_id: string; line_id: string }>> = { app: [], baseline: [] };
      for (const pool of ['app', 'baseline'] as const) {
        await seedPool(database.db, pool, companyCount);
        // As the owner: the app role's own `analyze` skips tables it does not own (row-level security).
        await database.platformQuery('analyze companies, invoices, invoice_line_items, balance_records');
        pools[pool] = await poolLines(database.db, pool);
      }
      const headers = await payerCaller(database);
      const cursor: Record<ServerLabel, number> = { app: 0, baseline: 0 };
      const exhausted: Record<ServerLabel, boolean> = { app: false, baseline: false };
      const path = '/api/Company/UpdateInvoiceItems';
      return {
        path,
        headers,
        post: {
          expectedStatuses: [422],
          next(server: ServerLabel): PostRequest {
            const lines = pools[server];
            let k = cursor[server]++;
            if (k >= lines.length) {
              // Out of fresh lines: resend the last one; its 409s show up as unexpected answers.
              if (!exhausted[server]) console.warn(`  WARNING: ${server} used up its ${lines.length} lines; raise --size`);
              exhausted[server] = true;
              k = lines.length - 1;
            }
            const line = lines[k]!;
            // One Idempotency-Key per request, as the page makes one per payment (required since issue 20).
            const key = `bench-${server}-${cursor[server]}-${line.line_id}`;
            return { path, headers: { ...headers, 'idempotency-key': key }, body: JSON.stringify({ [line.invoice_id]: [line.line_id] }) };
          },
          used: (server: ServerLabel) => Math.min(cursor[server], pools[server].length),
        },
      };
    },
    async verify(database) {
      const { rows } = await database.query(`
        select
          (select count(*)::int from (
             select c.id from companies c inner join balance_records b on b.company_id = c.id
             where c.name like 'BP-%'
             group by c.id having sum(case when b.type = 'Credit' then b.amount_cents else -b.amount_cents end) < 0) negative) as negative_balances,
          (select count(*)::int from invoice_line_items l inner join invoices i on i.id = l.invoice_id inner join companies c on c.id = i.company_id
             where c.name like 'BP-app-%' and l.payment_id is not null) as app_paid,
          (select count(*)::int from invoice_line_items l inner join invoices i on i.id = l.invoice_id inner join companies c on c.id = i.company_id
             where c.name like 'BP-baseline-%' and l.payment_id is not null) as baseline_paid,
          (select count(*)::int from balance_records b inner join companies c on c.id = b.company_id
             where c.name like 'BP-app-%' and b.type = 'Debit') as app_debits,
          (select count(*)::int from balance_records b inner join companies c on c.id = b.company_id
             where c.name like 'BP-baseline-%' and b.type = 'Debit') as baseline_debits`);
      return rows[0] ?? {};
    },
  },
};

const rowsFrom = (result: unknown) => rowsOf<Record<string, unknown>>(result);

class Refused extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The bare baseline: the same transaction through the same driver (drizzle over pg / PGlite) —
 * find the invoices' company, lock its ledger row, lock the invoice and the selected lines, sum
 * the balance, then insert the Debit and the payment, mark the lines paid and refresh the
 * invoice's totals. No validation, access rules, audit rows, receipt PDF or mail, logging.
 */
export function registerBalancesBaseline(
  app: FastifyInstance,
  database: Database,
  scenario: string | undefined,
  findUser: (cookie: string | undefined) => Promise<Record<string, unknown> | null>,
): boolean {
  if (scenario !== 'pay-from-balance') return false;
  app.post('/api/Company/UpdateInvoiceItems', async (request, reply) => {
    const user = await findUser(request.headers.cookie);
    if (!user) return reply.status(401).send({ code: 'UNAUTHENTICATED' });
    const body = request.body as Record<string, string[]>;
    const invoiceIds = Object.keys(body).sort();
    try {
      return await database.db.transaction(async (tx) => {
        const owners = rowsFrom(await tx.execute(sql`select id, company_id from invoices where id in ${invoiceIds}`));
        if (owners.length !== invoiceIds.length) throw new Refused(404, 'No Invoice Found.');
        const companyId = String(owners[0]!.company_id);
        await tx.execute(sql`select id from companies where id = ${companyId} for update`);
        let totalCents = 0;
        const amounts = new Map<string, number>();
        for (const invoiceId of invoiceIds) {
          await tx.execute(sql`select * from invoices where id = ${invoiceId} and company_id = ${companyId} for update`);
          const lines = rowsFrom(await tx.execute(sql`
            select * from invoice_line_items where invoice_id = ${invoiceId} and id in ${body[invoiceId]!} order by id for update`));
          if (lines.length !== body[invoiceId]!.length || lines.some((l) => l.payment_id)) throw new Refused(409, 'A selected line is already paid.');
          const cents = lines.reduce((sum, l) => sum + Number(l.charges_cents) * Number(l.amount), 0);
          amounts.set(invoiceId, cents);
          totalCents += cents;
        }
        const [balance] = rowsFrom(await tx.execute(sql`
          select coalesce(sum(case when type = 'Credit' then amount_cents else -amount_cents end), 0) as balance
          from balance_records where company_id = ${companyId}`));
        const balanceCents = Number(balance!.balance);
        if (balanceCents < totalCents) throw new Refused(422, 'InSufficient Funds');
        const [debit] = rowsFrom(await tx.execute(sql`
          insert into balance_records (company_id, account_num_masked, routing_num, amount_cents, type, date_applied, reference)
          values (${companyId}, '****', '', ${totalCents}, 'Debit', current_date, 'Invoice') returning id`));
        for (const invoiceId of invoiceIds) {
          const lineIds = body[invoiceId]!;
          const [payment] = rowsFrom(await tx.execute(sql`
            insert into payments (company_id, invoice_id, amount_cents, method, details, payment_date)
            values (${companyId}, ${invoiceId}, ${amounts.get(invoiceId)!}, 'balance', ${`Balance debit ${String(debit!.id)}`}, current_date) returning id`));
          await tx.execute(sql`
            update invoice_line_items set payment_id = ${payment!.id}, paid_by = 'PAID BY BALANCE', updated_at = now()
            where invoice_id = ${invoiceId} and id in ${lineIds} and payment_id is null`);
          await tx.execute(sql`
            update invoices i set total_cents = s.total, paid_cents = s.paid,
              status = case when s.total > 0 and s.paid = s.total then 'Paid' else i.status end,
              payment_date = case when s.total > 0 and s.paid = s.total then current_date else i.payment_date end,
              updated_at = now()
            from (select coalesce(sum(charges_cents * amount), 0) as total,
                         coalesce(sum(charges_cents * amount) filter (where payment_id is not null), 0) as paid
                  from invoice_line_items where invoice_id = ${invoiceId}) s
            where i.id = ${invoiceId}`);
        }
        return { message: 'Payment Successful', balance: (balanceCents - totalCents) / 100, paid: totalCents / 100 };
      });
    } catch (error) {
      if (error instanceof Refused) return reply.status(error.status).send({ message: error.message });
      throw error;
    }
  });
  return true;
}
