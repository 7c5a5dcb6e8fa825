// Narrow doors (docs/adr/0004, "Doors"): a module's index.ts exports `register` and what other
// modules' production code imports from it, nothing that only tests, the bench or the demo use
// (those take it from the module's *.test-support.ts / *.bench-support.ts / *.seed-support.ts).
// Whether anything imports a name is a whole-source question, answered from a text scan of the
// server's files read once per lint run and refreshed by mtime, like apron/no-cycle's graph.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const SERVER_MODULES = path.join(SERVER_SRC, 'modules');

const NAMED_IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;
const NAMESPACE_IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?\*(?:\s+as\s+[\w$]+)?\s+from\s+['"](\.[^'"]+)['"]/g;
/** Marks a namespace import (`import * as invoices from '../invoices/index'`): every name may be used. */
const EVERY_NAME = '*';

/** `modules/<m>/index(.ts)` -> `<m>`; null for any other path. */
function doorModuleOf(file) {
  const parts = path.relative(SERVER_MODULES, file.replace(/\.[cm]?[jt]s$/, '')).split(path.sep);
  return parts.length === 2 && parts[0] !== '..' && parts[1] === 'index' ? parts[0] : null;
}

/**
 * Code whose use does not keep a name in a door: tests, support files and the demo (its
 * composition in src/demo/ and the modules' demo-*.ts seeders), which have their own support files.
 */
function isOutsideProduction(file) {
  const base = path.basename(file);
  return (
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(base) ||
    /\.(test|seed|bench)-(support|helpers)\.[cm]?[jt]s$/.test(base) ||
    base.startsWith('demo-') ||
    !path.relative(path.join(SERVER_SRC, 'demo'), file).startsWith('..')
  );
}

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') sourceFiles(full, out);
    } else if (/\.[cm]?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const scanned = new Map(); // file -> { mtime, uses: Array<[module, name]> }

/** The (module, name) pairs a file imports or re-exports from a module's door. */
function doorUsesOf(file) {
  const mtime = fs.statSync(file).mtimeMs;
  const known = scanned.get(file);
  if (known && known.mtime === mtime) return known.uses;
  const text = fs.readFileSync(file, 'utf8');
  const uses = [];
  const doorOf = (source) => doorModuleOf(path.resolve(path.dirname(file), source));
  for (const [, names, source] of text.matchAll(NAMED_IMPORT)) {
    const module = doorOf(source);
    if (!module) continue;
    for (const raw of names.split(',')) {
      const name = raw.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name) uses.push([module, name]);
    }
  }
  for (const [, source] of text.matchAll(NAMESPACE_IMPORT)) {
    const module = doorOf(source);
    if (module) uses.push([module, EVERY_NAME]);
  }
  scanned.set(file, { mtime, uses });
  return uses;
}

/** The names of `module`'s door that production code outside the module imports. */
function namesUsedFromOutside(module) {
  const own = path.join(SERVER_MODULES, module);
  const used = new Set();
  for (const file of sourceFiles(SERVER_SRC)) {
    if (!path.relative(own, file).startsWith('..') || isOutsideProduction(file)) continue;
    for (const [to, name] of doorUsesOf(file)) if (to === module) used.add(name);
  }
  return used;
}

/** Each name a declaration or specifier list exports, with the node to report on. */
function exportedNames(node) {
  if (node.specifiers?.length) return node.specifiers.map((s) => ({ name: s.exported.name ?? s.exported.value, at: s }));
  const declaration = node.declaration;
  if (!declaration) return [];
  if (declaration.type === 'VariableDeclaration') return declaration.declarations.filter((d) => d.id.type === 'Identifier').map((d) => ({ name: d.id.name, at: d }));
  return declaration.id ? [{ name: declaration.id.name, at: declaration }] : [];
}

export const doorExportsRule = {
  meta: {
    type: 'problem',
    docs: { description: "A module's index.ts exports only what other modules' production code imports (docs/adr/0004, \"Doors\")" },
    schema: [],
    messages: {
      unused:
        "No other module imports '{{name}}' from the {{module}} door: stop exporting it, or move it to {{module}}.test-support.ts, .seed-support.ts or .bench-support.ts if only tests, the demo or the bench use it.",
    },
  },
  create(context) {
    const module = doorModuleOf(context.filename);
    if (!module) return {};
    let used = null; // computed once, on the door's first export
    return {
      ExportNamedDeclaration(node) {
        used ??= namesUsedFromOutside(module);
        if (used.has(EVERY_NAME)) return;
        for (const { name, at } of exportedNames(node)) {
          if (!used.has(name)) context.report({ node: at, messageId: 'unused', data: { name, module } });
        }
      },
    };
  },
};
