import { spawn } from 'node:child_process';
import { freePort, REPO_DIR } from './server-process';
import type { ScratchDb } from './scratch-db';

export interface StartupResult {
  /** First start on an empty database: migrations and the demo seed. */
  firstStartMs: number;
  /** Second start on the same data: what a restart or a new instance costs. */
  secondStartMs: number;
  targetMs: number;
}

/**
 * `npm run start -w apps/server` (what `npm start` runs after building the web app), timed from
 * spawn to the first 200 from /api/health. Reported, never asserted: a test does not time things.
 */
async function timeStart(db: ScratchDb): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  // Its own process group, so stopping it stops npm, tsx and node together.
  const child = spawn('npm', ['run', 'start', '-w', 'apps/server', '--silent'], {
    cwd: REPO_DIR,
    env: { ...process.env, ...db.env, APRON_DEMO: '1', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = started + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('npm start did not answer /api/health within 180 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return Date.now() - started;
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

export async function measureStartup(db: ScratchDb): Promise<StartupResult> {
  const firstStartMs = await timeStart(db);
  const secondStartMs = await timeStart(db);
  return { firstStartMs, secondStartMs, targetMs: 5000 };
}
