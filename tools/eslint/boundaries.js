// The module boundaries of docs/architecture.md ("Boundaries") and docs/adr/0004, "enforced by lint, not goodwill".
// Relative imports need the importing file's location to be judged, which a pattern in
// no-restricted-imports cannot see, hence these two small rules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const SERVER_MODULES = path.join(SERVER_SRC, 'modules');
const SERVER_PLATFORM = path.join(SERVER_SRC, 'platform');
const WEB_FEATURES = path.join(ROOT, 'apps/web/src/features');
const WEB_APP = path.join(ROOT, 'apps/web/src/app');

/** `<dir>/<name>/...` -> `{ name, rest }`; null when `file` is not inside `dir/<name>/`. */
function folderOf(dir, file) {
  const relative = path.relative(dir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? { name, rest: rest.join('/') } : null;
}

const isInside = (dir, file) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};
const isModuleDoor = (rest) => /^index(\.[cm]?[jt]s)?$/.test(rest);
const isTableFile = (file) => /\.table(\.[cm]?[jt]s)?$/.test(file);
// Tests build the parents they need with other modules' factories (`agreements.test-support.ts`)
// and read back what was stored: test code may use another module's test support and tables,
// production code never.
const isTestFile = (file) => /\.test(-support|-helpers)?\.[cm]?[jt]sx?$/.test(file) || isInside(path.join(ROOT, 'apps/server/test'), file);
const isTestSupport = (rest) => /\.test-(support|helpers)(\.[cm]?[jt]sx?)?$/.test(rest);
// Narrow doors (docs/adr/0004, "Doors"): what only the demo, the bench or tests need stays out of
// index.ts, in a support file whose suffix names the only code that may import it.
const isSeedSupport = (file) => /\.seed-support(\.[cm]?[jt]s)?$/.test(file);
const isBenchSupport = (file) => /\.bench-support(\.[cm]?[jt]s)?$/.test(file);
const isSupportFile = (file) => isTestSupport(file) || isSeedSupport(file) || isBenchSupport(file);
const BENCH = path.join(ROOT, 'bench');
const E2E = path.join(ROOT, 'e2e');
/** The demo's code: its composition (`apps/server/src/demo/`), a module's `demo-*.ts` seeders and the seed-support files. */
const isDemoCode = (file) => isInside(path.join(SERVER_SRC, 'demo'), file) || (folderOf(SERVER_MODULES, file) !== null && path.basename(file).startsWith('demo-')) || isSeedSupport(file);
/** A door of the server for code outside it: a module's or a platform folder's index.ts. */
const isServerDoor = (target) => {
  const folder = folderOf(SERVER_MODULES, target) ?? folderOf(SERVER_PLATFORM, target);
  return folder !== null && isModuleDoor(folder.rest);
};

/** Who owns a table file: `modules/<name>` or `platform/<name>`; null outside them. */
function ownerOf(file) {
  const module = folderOf(SERVER_MODULES, file);
  if (module) return `modules/${module.name}`;
  const platform = folderOf(SERVER_PLATFORM, file);
  return platform ? `platform/${platform.name}` : null;
}

const sourceOf = (node) => (node.source && typeof node.source.value === 'string' ? node.source.value : null);
const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (Array.isArray(node.specifiers) && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Module, platform and feature boundaries (docs/architecture.md "Boundaries", docs/adr/0004)' },
    schema: [],
    messages: {
      moduleDoor: "Module '{{from}}' may import module '{{to}}' only through its index.ts ({{source}}).",
      foreignTable: "'{{owner}}' owns {{source}}: call its functions; only a *.table.ts may import another owner's table (for a foreign key).",
      doorExportsTable: "A module's index.ts exports functions and types, never its tables ({{source}}).",
      platformToModule: 'platform/* must not import modules/* ({{source}}): let the module register what platform needs (docs/adr/0004).',
      featureToFeature: "Web feature '{{from}}' must not import feature '{{to}}'; compose features in app/ ({{source}}).",
      featureToApp: "Web feature '{{from}}' must not import app/ ({{source}}): app/ composes features, not the other way round.",
      testSupport: '{{source}} is test support: only tests (*.test.ts(x), apps/server/test/) and other test support may import it.',
      seedSupport: '{{source}} is seed support: only the demo (apps/server/src/demo/, modules\' demo-*.ts, *.seed-support.ts), bench/, e2e/ and tests may import it.',
      benchSupport: '{{source}} is bench support: only bench/ (and other *.bench-support.ts) may import it.',
      serverDeepImport: '{{where}} reaches the server only through a door (modules/<m>/index.ts, platform/<p>/index.ts) or a *.seed-support.ts{{bench}} ({{source}}).',
    },
  },
  create(context) {
    const file = context.filename;
    /** Support files are for their audience only, wherever the importer lives (server, web, bench, e2e). */
    const checkSupport = (target, report) => {
      if (isTestSupport(target) && !isTestFile(file)) report('testSupport');
      if (isSeedSupport(target) && !(isTestFile(file) || isDemoCode(file) || isInside(BENCH, file) || isInside(E2E, file))) report('seedSupport');
      if (isBenchSupport(target) && !(isInside(BENCH, file) || isBenchSupport(file))) report('benchSupport');
    };
    const fromModule = folderOf(SERVER_MODULES, file);
    const fromServer = isInside(SERVER_SRC, file) || isInside(path.join(ROOT, 'apps/server/test'), file);
    const fromPlatform = isInside(SERVER_PLATFORM, file);
    const fromFeature = folderOf(WEB_FEATURES, file);
    const fromBench = isInside(BENCH, file);
    const fromE2e = isInside(E2E, file);
    const test = isTestFile(file);
    const check = (node) => {
      const source = sourceOf(node);
      if (!source || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const report = (messageId, data) => context.report({ node: node.source, messageId, data: { source, ...data } });
      checkSupport(target, report);
      if ((fromBench || fromE2e) && isInside(SERVER_SRC, target) && !isServerDoor(target) && !isSeedSupport(target) && !(fromBench && isBenchSupport(target))) {
        report('serverDeepImport', { where: fromBench ? 'bench/' : 'e2e/', bench: fromBench ? ' or *.bench-support.ts' : '' });
      }
      if (fromModule) {
        const to = folderOf(SERVER_MODULES, target);
        // A table file is judged below (foreignTable), a support file above, each with its own message.
        const allowed = to && (isModuleDoor(to.rest) || isSupportFile(to.rest) || isTableFile(to.rest));
        if (to && to.name !== fromModule.name && !allowed) report('moduleDoor', { from: fromModule.name, to: to.name });
        if (isModuleDoor(fromModule.rest) && node.type !== 'ImportDeclaration' && isTableFile(target) && !isTypeOnly(node)) report('doorExportsTable');
      }
      if (fromServer && isTableFile(target) && !isTableFile(file) && !test && !isInside(path.join(SERVER_SRC, 'db'), file)) {
        const owner = ownerOf(target);
        if (owner && owner !== ownerOf(file) && !isTypeOnly(node)) report('foreignTable', { owner });
      }
      if (fromPlatform && isInside(SERVER_MODULES, target)) report('platformToModule');
      if (fromFeature) {
        const to = folderOf(WEB_FEATURES, target);
        if (to && to.name !== fromFeature.name) report('featureToFeature', { from: fromFeature.name, to: to.name });
        if (isInside(WEB_APP, target) && !test) report('featureToApp', { from: fromFeature.name });
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

// ---- Import cycles --------------------------------------------------------------------------
// A whole-graph question, answered from a graph of our own source read once per lint run: each
// file's runtime imports (type-only imports vanish at compile time and cannot form a cycle) are
// found with a scan of its text, which is far cheaper than parsing every file again.

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const IMPORT_PATTERN = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:([\w*{}\s,$]*?)\s+from\s+)?['"](\.[^'"]+)['"]/g;
/** `{ type A, type B as C }`: every name type-only, so the import is erased. */
const TYPE_ONLY_CLAUSE = /^\{\s*(type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?\s*)+\}$/;
const graph = new Map();

function resolveImport(from, source) {
  const base = path.resolve(path.dirname(from), source);
  for (const candidate of [base, ...SOURCE_EXTENSIONS.map((e) => base + e), ...SOURCE_EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (SOURCE_EXTENSIONS.includes(path.extname(candidate)) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** A file's static runtime imports of our own files (a lazy `import()` runs later, so it cannot break start-up order). */
function importsOf(file) {
  let mtime = 0;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = graph.get(file);
  if (known && known.mtime === mtime) return known.imports;
  const imports = [];
  graph.set(file, { mtime, imports });
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    if (match[1] || TYPE_ONLY_CLAUSE.test((match[2] ?? '').trim())) continue; // erased at compile time
    const resolved = resolveImport(file, match[3]);
    if (resolved) imports.push(resolved);
  }
  return imports;
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const trail = queue.shift();
    for (const next of importsOf(trail[trail.length - 1])) {
      if (next === goal) return trail;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...trail, next]);
      }
    }
  }
  return null;
}

export const noCycleRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles in our own source' },
    schema: [],
    messages: { cycle: 'Import cycle: {{trail}}' },
  },
  create(context) {
    const file = context.filename;
    if (isTestFile(file)) return {};
    const check = (node) => {
      const source = sourceOf(node);
      if (!source || !source.startsWith('.') || isTypeOnly(node)) return;
      const target = resolveImport(file, source);
      if (!target) return;
      const trail = pathBack(target, file);
      if (trail) {
        const show = (f) => path.relative(ROOT, f);
        context.report({ node: node.source, messageId: 'cycle', data: { trail: [file, ...trail, file].map(show).join(' -> ') } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
