import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BENCH_DIR } from './scratch-db';

export const REPO_DIR = path.resolve(BENCH_DIR, '..');
export const SERVER_MAIN = path.join(REPO_DIR, 'apps/server/src/main.ts');
export const BASELINE_MAIN = path.join(BENCH_DIR, 'src/baseline-server.ts');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resident memory of a process from /proc: current (VmRSS) and peak (VmHWM), in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakRssMiB: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMiB: kib('VmRSS') / 1024, peakRssMiB: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  readyMs: number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/**
 * Starts a TypeScript entry point in its own Node process (through tsx, as `npm start` does),
 * so the load generator and the server do not share a process and the RSS is the server's own.
 */
export async function startServer(entry: string, env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<RunningServer> {
  const port = await freePort();
  const started = Date.now();
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (where its time goes).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry], {
    cwd: REPO_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(`${url}/api/health`, child, options.timeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, readyMs: Date.now() - started, stop };
}
