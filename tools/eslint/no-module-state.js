// apron/no-module-state: the server keeps no mutable state at module scope (issue 21 item 3,
// docs/architecture.md "Plug-ins"). The tests run many apps in one process (`isolate: false`), so
// a module-level variable is shared by every app and carries over from one test file to the next.
// State belongs to an app: made in buildApp or a module's register function and held by `ctx`
// (ctx.plugins for plug-ins) or by a closure.
//
// Fails on, at the top level of a file:
// - `let` / `var` (a binding that can be reassigned later);
// - a `const` whose value is changed from inside a function: `x.count++`, `x.field = ...`,
//   `delete x.y`, or a mutating method (`set`, `add`, `push`, `splice`, ...) called on it. A
//   module-level `new Map()` or `[]` filled once at load and only read afterwards passes.

const MUTATING_METHODS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** Names bound by a destructuring pattern (`let { a, b: [c] } = ...`). */
function patternNames(pattern) {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p.argument : p.value));
    case 'ArrayPattern':
      return pattern.elements.filter(Boolean).flatMap((e) => patternNames(e.type === 'RestElement' ? e.argument : e));
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    default:
      return [];
  }
}

/** The outermost member expression whose innermost object is `identifier` (`x.a.b` for `x`). */
function memberChainOf(identifier) {
  let top = identifier;
  while (top.parent && top.parent.type === 'MemberExpression' && top.parent.object === top) top = top.parent;
  return top === identifier ? null : top;
}

/** How `identifier` changes the object it names, or null when it only reads it. */
function mutationBy(identifier) {
  const chain = memberChainOf(identifier);
  if (!chain) return null;
  const parent = chain.parent;
  if (parent.type === 'AssignmentExpression' && parent.left === chain) return 'assigns to it';
  if (parent.type === 'UpdateExpression') return 'updates it';
  if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return 'deletes from it';
  const method = chain.property.type === 'Identifier' && !chain.computed ? chain.property.name : null;
  if (parent.type === 'CallExpression' && parent.callee === chain && method && MUTATING_METHODS.has(method) && chain.object === identifier) return `calls .${method}() on it`;
  return null;
}

export const noModuleStateRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No mutable state at module scope in the server: state belongs to an app (ctx or a closure).' },
    schema: [],
    messages: {
      binding:
        "Module-level '{{kind}} {{name}}' is state shared by every app in the process: make it per app (created in buildApp or a register function, held by ctx or a closure), or const.",
      mutated:
        "Module-level '{{name}}' is changed at run time (line {{line}} {{how}}): state shared by every app in the process. Make it per app (created in buildApp or a register function, held by ctx or a closure).",
    },
  },
  create(context) {
    return {
      Program(program) {
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration' || declaration.kind === 'const') continue;
          for (const name of declaration.declarations.flatMap((d) => patternNames(d.id))) context.report({ node: declaration, messageId: 'binding', data: { kind: declaration.kind, name } });
        }
      },
      'Program:exit'(program) {
        const moduleScope = context.sourceCode.getScope(program).childScopes.find((s) => s.type === 'module') ?? context.sourceCode.getScope(program);
        for (const variable of moduleScope.variables) {
          const definition = variable.defs[0];
          if (definition?.type !== 'Variable' || definition.parent.kind !== 'const') continue;
          const first = variable.references.find((ref) => ref.from.variableScope.type === 'function' && mutationBy(ref.identifier));
          if (!first) continue;
          context.report({ node: definition.name, messageId: 'mutated', data: { name: variable.name, line: String(first.identifier.loc.start.line), how: mutationBy(first.identifier) } });
        }
      },
    };
  },
};
