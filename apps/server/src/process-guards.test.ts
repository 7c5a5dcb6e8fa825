import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../test/smtp-sink';

/**
 * An error nobody handled, in a real process guarded as main.ts guards the server: a rejected
 * promise is logged with its stack and the process keeps serving; an exception thrown out of a
 * callback is logged and the process exits with 1 (docs/architecture.md "Errors nobody handled").
 */
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/guarded-server.ts');

interface LogLine {
  level: number;
  msg: string;
  port?: number;
  err?: { message: string; stack: string };
}

interface Guarded {
  child: ChildProcess;
  lines: LogLine[];
  exitCode: Promise<number | null>;
  get(url: string): Promise<string>;
}

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill();
});

async function startGuarded(): Promise<Guarded> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  const lines: LogLine[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const line of complete) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
  });
  const exitCode = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await eventually(() => lines.some((line) => line.port), 20_000);
  const port = lines.find((line) => line.port)!.port!;
  return { child, lines, exitCode, get: async (url) => (await fetch(`http://127.0.0.1:${port}${url}`)).text() };
}

describe('errors nobody handled', () => {
  it('a rejected promise nobody awaited is logged with its stack, and the process keeps serving', async () => {
    const guarded = await startGuarded();
    expect(await guarded.get('/reject')).toBe('serving');
    await eventually(() => guarded.lines.some((line) => line.err?.message === 'a promise nobody awaited'));
    const logged = guarded.lines.find((line) => line.err?.message === 'a promise nobody awaited')!;
    expect(logged.level).toBe(50);
    expect(logged.msg).toMatch(/rejected promise nobody handled/);
    expect(logged.err!.stack).toMatch(/guarded-server\.ts/);
    // Twice, and still the same process answering.
    expect(await guarded.get('/reject')).toBe('serving');
    expect(await guarded.get('/')).toBe('serving');
    expect(guarded.child.exitCode).toBeNull();
  });

  it('an exception thrown out of a callback is logged, and the process exits with 1 for its supervisor to restart', async () => {
    const guarded = await startGuarded();
    await guarded.get('/throw');
    expect(await guarded.exitCode).toBe(1);
    const logged = guarded.lines.find((line) => line.err?.message === 'a callback threw');
    expect(logged).toMatchObject({ level: 60, msg: expect.stringMatching(/exception nobody caught/) });
    expect(logged!.err!.stack).toMatch(/guarded-server\.ts/);
  });
});
