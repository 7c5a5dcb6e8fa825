import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The rule through the project's real ESLint config (eslint.config.js).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'apron-drizzle/public-api').map((m) => m.message);
}

const internals = (what: string) =>
  `Drizzle's internals (${what}) are not its public API: compose with db.with(...).select(...).prepare(name) (apps/server/src/db/prepared.ts).`;

describe("Drizzle's public API only (issue 21)", () => {
  it('refuses db._.session and session.prepareQuery, in the server and in bench', async () => {
    const code = 'declare const db: DrizzleDb;\nexport const run = (q: unknown) => db._.session.prepareQuery(q, undefined, "name", false).execute({});\n';
    expect(await lint('apps/server/src/db/lint-probe.ts', code)).toEqual([internals('prepareQuery'), internals('._')]);
    expect(await lint('bench/src/lint-probe.ts', code)).toEqual([internals('prepareQuery'), internals('._')]);
  });

  it('allows the documented API: with, select, prepare(name), execute', async () => {
    const code = 'declare const db: DrizzleDb;\nexport const run = () => db.with().select({}).from(undefined).prepare("name").execute({});\n';
    expect(await lint('apps/server/src/db/lint-probe.ts', code)).toEqual([]);
  });
});
