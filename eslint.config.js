// ESLint 9 flat config: recommended rules, strict TypeScript, React hooks for the web app, and the
// module boundaries of docs/architecture.md ("Boundaries") and docs/adr/0004 ("enforced by lint, not goodwill"):
// tools/eslint/boundaries.js, tested by tools/eslint/boundaries.test.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundariesRule, noCycleRule } from './tools/eslint/boundaries.js';
import { doorExportsRule } from './tools/eslint/door-exports.js';
import { noModuleStateRule } from './tools/eslint/no-module-state.js';
import { drizzlePublicApiRule } from './tools/eslint/drizzle-public-api.js';
import { noApiFetchInComponentsRule } from './tools/eslint/no-apifetch-in-components.js';

/** Packages are shared by the apps; they must not depend on them. */
const packagesMustNotImportApps = {
  patterns: [
    { regex: '^@apron/(server|web)(/.*)?$', message: 'packages/* must not import the apps (docs/architecture.md, "Boundaries").' },
    { regex: '(^|/)apps/', message: 'packages/* must not import the apps (docs/architecture.md, "Boundaries").' },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The server entry's build (apps/web, `vite build --ssr`): bundled libraries, not our code.
      '**/dist-server/**',
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
    plugins: { apron: { rules: { boundaries: boundariesRule, 'no-cycle': noCycleRule } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'apron/boundaries': 'error',
      'apron/no-cycle': 'error',
    },
  },
  {
    // TypeScript already reports undefined names with full knowledge of the environment.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    rules: { 'no-undef': 'off' },
  },
  {
    // Narrow doors (docs/adr/0004, "Doors"): a module's index.ts exports only what other modules
    // import. tools/eslint/door-exports.js, tested by tools/eslint/door-exports.test.ts.
    files: ['apps/server/src/modules/*/index.ts'],
    plugins: { 'apron-doors': { rules: { 'door-exports': doorExportsRule } } },
    rules: { 'apron-doors/door-exports': 'error' },
  },
  {
    files: ['packages/**'],
    rules: { 'no-restricted-imports': ['error', packagesMustNotImportApps] },
  },
  {
    // A route file registers its routes in small named functions, one per route or group (issue 21):
    // a long registration function hides which closure each handler uses.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // No mutable state at module scope in the server: it would be shared by every app in the
    // process (docs/architecture.md, "Plug-ins"). Test files keep their fixtures in `let`s.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'apron-state': { rules: { 'no-module-state': noModuleStateRule } } },
    rules: { 'apron-state/no-module-state': 'error' },
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
  {
    // Drizzle through its documented API only (tools/eslint/drizzle-public-api.js, issue 21).
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'apron-drizzle': { rules: { 'public-api': drizzlePublicApiRule } } },
    rules: { 'apron-drizzle/public-api': 'error' },
  },
  {
    // Components call the API through their feature's api.ts (tools/eslint/no-apifetch-in-components.js).
    files: ['apps/web/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { 'apron-web': { rules: { 'no-apifetch-in-components': noApiFetchInComponentsRule } } },
    rules: { 'apron-web/no-apifetch-in-components': 'error' },
  },
);
