import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// apron-web/no-apifetch-in-components through the project's real ESLint config (eslint.config.js).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'apron-web/no-apifetch-in-components';

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => `${m.ruleId}: ${m.message}`);
}

const MESSAGE = `${RULE}: A component does not call apiFetch: put the call in its feature's api.ts (or components/<x>-api.ts for a kit component) and use that.`;

describe('no apiFetch in web components', () => {
  it('refuses apiFetch (or the whole client) imported by a feature component or a kit component', async () => {
    expect(await lint('apps/web/src/features/companies/lint-probe.tsx', "import { apiFetch } from '../../lib/api-client';\nexport const probe = apiFetch;\n")).toEqual([MESSAGE]);
    expect(await lint('apps/web/src/components/lint-probe.tsx', "import { apiFetch as get, errorMessage } from '../lib/api-client';\nexport const probe = [get, errorMessage];\n")).toEqual([MESSAGE]);
    expect(await lint('apps/web/src/features/companies/lint-probe.tsx', "import * as client from '../../lib/api-client';\nexport const probe = client;\n")).toEqual([MESSAGE]);
  });

  it("allows the client's other helpers in a component, and apiFetch in an api file or a test", async () => {
    expect(await lint('apps/web/src/features/companies/lint-probe.tsx', "import { errorMessage, isApiError } from '../../lib/api-client';\nexport const probe = [errorMessage, isApiError];\n")).toEqual([]);
    expect(await lint('apps/web/src/features/companies/api.ts', "import { apiFetch } from '../../lib/api-client';\nexport const probe = apiFetch;\n")).toEqual([]);
    expect(await lint('apps/web/src/components/lint-probe-api.ts', "import { apiFetch } from '../lib/api-client';\nexport const probe = apiFetch;\n")).toEqual([]);
    expect(await lint('apps/web/src/components/lint-probe.test.tsx', "import { apiFetch } from '../lib/api-client';\nexport const probe = apiFetch;\n")).toEqual([]);
  });
});
