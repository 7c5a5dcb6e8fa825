// ESLint 9 flat config: recommended rules, strict TypeScript, React hooks for the web app, and the
// module boundaries of ARCHITECTURE §2 ("enforced by lint, not goodwill").
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SERVER_MODULES = path.join(ROOT, 'apps/server/src/modules');
const WEB_FEATURES = path.join(ROOT, 'apps/web/src/features');

/** `<dir>/<name>/...` -> `{ name, rest }`; null when `file` is not inside `dir/<name>/`. */
function folderOf(dir, file) {
  const relative = path.relative(dir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? { name, rest: rest.join('/') } : null;
}

const isModuleDoor = (rest) => /^index(\.[cm]?[jt]s)?$/.test(rest);
// Tests build the parents they need with other modules' factories (`agreements.test-support.ts`):
// test code may use another module's test support, production code never.
const isTestFile = (file) => /\.test(-support|-helpers)?\.[cm]?[jt]sx?$/.test(file);
const isTestSupport = (rest) => /\.test-(support|helpers)(\.[cm]?[jt]s)?$/.test(rest);

/**
 * Relative imports need the importing file's location to be judged, which a pattern in
 * no-restricted-imports cannot see: a server module may reach another module only through its
 * index.ts, and a web feature never reaches another feature (compose them in app/ routes).
 */
const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Module and feature boundaries (ARCHITECTURE §2)' },
    schema: [],
    messages: {
      moduleDoor: "Module '{{from}}' may import module '{{to}}' only through its index.ts ({{source}}).",
      featureToFeature: "Web feature '{{from}}' must not import feature '{{to}}'; compose features in app/ ({{source}}).",
    },
  },
  create(context) {
    const file = context.filename;
    const fromModule = folderOf(SERVER_MODULES, file);
    const fromFeature = folderOf(WEB_FEATURES, file);
    if (!fromModule && !fromFeature) return {};
    const check = (node) => {
      const source = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      if (!source || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (fromModule) {
        const to = folderOf(SERVER_MODULES, target);
        const allowed = to && (isModuleDoor(to.rest) || (isTestFile(file) && isTestSupport(to.rest)));
        if (to && to.name !== fromModule.name && !allowed) {
          context.report({ node: node.source, messageId: 'moduleDoor', data: { from: fromModule.name, to: to.name, source } });
        }
      }
      if (fromFeature) {
        const to = folderOf(WEB_FEATURES, target);
        if (to && to.name !== fromFeature.name) {
          context.report({ node: node.source, messageId: 'featureToFeature', data: { from: fromFeature.name, to: to.name, source } });
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Packages are shared by the apps; they must not depend on them. */
const packagesMustNotImportApps = {
  patterns: [
    { regex: '^@apron/(server|web)(/.*)?$', message: 'packages/* must not import the apps (ARCHITECTURE §2).' },
    { regex: '(^|/)apps/', message: 'packages/* must not import the apps (ARCHITECTURE §2).' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/data-*/**',
      'apps/server/src/db/migrations/**',
      'e2e/.auth/**',
      'e2e/.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'bench/.data/**',
      // Scratch files engineers keep beside their work (`__try_*.mts`), never committed.
      '**/__*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        // Node 20 and browsers share these; TypeScript checks the rest of the globals.
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        crypto: 'readonly',
      },
    },
    plugins: { apron: { rules: { boundaries: boundariesRule } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'apron/boundaries': 'error',
    },
  },
  {
    // TypeScript already reports undefined names with full knowledge of the environment.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['packages/**'],
    rules: { 'no-restricted-imports': ['error', packagesMustNotImportApps] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      // These two React Compiler checks fire on correct code here: a component looked up from a
      // static map (`const Icon = menuIcon(key)`) and resetting the grid page when the search
      // changes. Kept visible as warnings rather than failing the build.
      'react-hooks/static-components': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
    },
  },
);
