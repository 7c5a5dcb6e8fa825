import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// apron-doors/door-exports through the project's real config: a door exporting what no other
// module's production code imports fails lint, and every door of the repository passes.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'apron-doors/door-exports';

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('narrow doors (docs/adr/0004, "Doors")', () => {
  it('refuses a door export that only tests, the bench or the demo use, and keeps what another module calls', async () => {
    const messages = await lint(
      'apps/server/src/modules/invoices/index.ts',
      "export { findInvoice } from './invoices.repo';\nexport { seedBenchInvoices } from './bench-seed';\nexport const PROBE_ONLY = 1;\n",
    );
    expect(messages).toEqual([
      "No other module imports 'seedBenchInvoices' from the invoices door: stop exporting it, or move it to invoices.test-support.ts, .seed-support.ts or .bench-support.ts if only tests, the demo or the bench use it.",
      "No other module imports 'PROBE_ONLY' from the invoices door: stop exporting it, or move it to invoices.test-support.ts, .seed-support.ts or .bench-support.ts if only tests, the demo or the bench use it.",
    ]);
  });

  it('does not count tests or the demo as users (setSystemSetting: tests and the demo seed only)', async () => {
    expect(await lint('apps/server/src/modules/settings/index.ts', "export { setSystemSetting } from './settings.service';\nexport type { NotificationRow } from './settings.table';\n")).toEqual([
      "No other module imports 'setSystemSetting' from the settings door: stop exporting it, or move it to settings.test-support.ts, .seed-support.ts or .bench-support.ts if only tests, the demo or the bench use it.",
    ]);
  });

  it('passes on every door of the repository', async () => {
    const results = await eslint.lintFiles(['apps/server/src/modules/*/index.ts']);
    const messages = results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => `${path.relative(ROOT, r.filePath)}: ${m.message}`));
    expect(messages).toEqual([]);
  });
});
