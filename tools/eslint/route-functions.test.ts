import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// max-lines-per-function (80, blank lines and comments not counted) on the server's route files,
// through the project's real ESLint config (eslint.config.js).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

async function lengthMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message);
}

/** A function of `statements` one-line statements, with a blank line and a comment after each. */
function functionOf(statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  probe.push(${i});\n\n  // step ${i}\n`).join('');
  return `export function registerProbeRoutes(probe: number[]): void {\n${body}}\n`;
}

describe('route files keep their functions short', () => {
  it('refuses a function of 81 lines in a *.routes.ts', async () => {
    expect(await lengthMessages('apps/server/src/modules/invoices/lint-probe.routes.ts', functionOf(79))).toEqual([
      "Function 'registerProbeRoutes' has too many lines (81). Maximum allowed is 80.",
    ]);
  });

  it('allows 80 lines, not counting blank lines and comments, and any length outside route files', async () => {
    expect(await lengthMessages('apps/server/src/modules/invoices/lint-probe.routes.ts', functionOf(78))).toEqual([]);
    expect(await lengthMessages('apps/server/src/modules/invoices/lint-probe.ts', functionOf(200))).toEqual([]);
  });
});
