import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// apron-state/no-module-state through the project's real ESLint config (eslint.config.js): module
// state in the server fails lint with the rule's message; per-app state and constants pass.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });
const RULE = 'apron-state/no-module-state';

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => `${m.line}: ${m.message}`);
}

const shared = (kind: string, name: string) =>
  `Module-level '${kind} ${name}' is state shared by every app in the process: make it per app (created in buildApp or a register function, held by ctx or a closure), or const.`;
const changed = (name: string, line: number, how: string) =>
  `Module-level '${name}' is changed at run time (line ${line} ${how}): state shared by every app in the process. Make it per app (created in buildApp or a register function, held by ctx or a closure).`;

describe('no module-level state in the server (docs/architecture.md, "Plug-ins")', () => {
  it('refuses let and var at module scope, exported or destructured, in modules and platform', async () => {
    expect(await lint('apps/server/src/modules/waitlist/lint-probe.ts', 'let source = 0;\nexport function read() {\n  return source;\n}\n')).toEqual([`1: ${shared('let', 'source')}`]);
    expect(await lint('apps/server/src/platform/events/lint-probe.ts', 'export let published = 0;\nexport var { a, b: [c] } = { a: 1, b: [2] };\n')).toEqual([
      `1: ${shared('let', 'published')}`,
      `2: ${shared('var', 'a')}`,
      `2: ${shared('var', 'c')}`,
    ]);
  });

  it('refuses a module-level const changed from inside a function: collections, arrays, objects', async () => {
    const code = [
      'const registries = new WeakMap<object, string[]>();', // 1
      'const hooks: Array<() => void> = [];', // 2
      'const counter = { n: 0 };', // 3
      'const seen = new Set<string>();', // 4
      'export function register(key: object, hook: () => void) {', // 5
      "  registries.set(key, ['x']);", // 6
      '  hooks.push(hook);', // 7
      '  counter.n++;', // 8
      "  return () => seen.delete('x');", // 9
      '}',
    ].join('\n');
    expect(await lint('apps/server/src/modules/inspections/lint-probe.ts', code)).toEqual([
      `1: ${changed('registries', 6, 'calls .set() on it')}`,
      `2: ${changed('hooks', 7, 'calls .push() on it')}`,
      `3: ${changed('counter', 8, 'updates it')}`,
      `4: ${changed('seen', 9, 'calls .delete() on it')}`,
    ]);
    expect(await lint('apps/server/src/platform/http/lint-probe.ts', 'const state = { last: "" };\nexport function remember(value: string) {\n  state.last = value;\n}\n')).toEqual([
      `1: ${changed('state', 3, 'assigns to it')}`,
    ]);
  });

  it('allows constants read at run time, state made per app in a closure, and fixtures in test files', async () => {
    const constants = [
      "const SORTS = new Set(['name', 'date']);",
      "const TAGS = ['invoices'];",
      "const LIMITS = { max: 5 };",
      'const LOOKUP = new Map<string, number>();',
      "LOOKUP.set('filled-once-at-load', 1);",
      'export function isSort(key: string) {',
      '  return SORTS.has(key) && TAGS.includes(key) && LIMITS.max > 0 && LOOKUP.get(key) !== undefined && [...TAGS].sort().length > 0;',
      '}',
    ].join('\n');
    expect(await lint('apps/server/src/modules/invoices/lint-probe.ts', constants)).toEqual([]);
    const perApp = [
      'export function createCounter() {',
      '  let count = 0;',
      '  const seen = new Map<string, number>();',
      '  return { add(key: string) { count++; seen.set(key, count); } };',
      '}',
    ].join('\n');
    expect(await lint('apps/server/src/platform/events/lint-probe.ts', perApp)).toEqual([]);
    expect(await lint('apps/server/src/modules/invoices/lint-probe.test.ts', 'let t = 0;\nexport const next = () => t++;\n')).toEqual([]);
  });
});
