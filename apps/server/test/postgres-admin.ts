import type pg from 'pg';

/**
 * Wait until no session is left on database `name`. pg-pool's end() resolves before its backends
 * have exited: a forced drop would then kill them mid-goodbye (an unhandled FATAL 57P01), and a
 * template that still has one cannot be copied.
 */
export async function waitUntilIdle(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
