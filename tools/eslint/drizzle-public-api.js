// Drizzle 0.x keeps its session, its dialect's query building and its prepared-query factory
// behind `db._` and `session.prepareQuery`: internals that change between minor versions without
// notice. Statements use the documented API only (`db.with(...).select(...).prepare(name)`,
// `sql`, `sql.placeholder`; apps/server/src/db/prepared.ts). Issue 21 item 2.

const MESSAGE_INTERNALS = "Drizzle's internals ({{what}}) are not its public API: compose with db.with(...).select(...).prepare(name) (apps/server/src/db/prepared.ts).";

/** @type {import('eslint').Rule.RuleModule} */
export const drizzlePublicApiRule = {
  meta: { type: 'problem', docs: { description: "Use Drizzle's public API, not db._ or session.prepareQuery" }, schema: [], messages: { internals: MESSAGE_INTERNALS } },
  create(context) {
    return {
      // `db._.session`, `tx._.session`, `this.db._.fullSchema`...: the `_` bag of a Drizzle database
      'MemberExpression[property.type="Identifier"][property.name="_"][parent.type="MemberExpression"]'(node) {
        context.report({ node, messageId: 'internals', data: { what: '._' } });
      },
      // `session.prepareQuery(...)`: the factory behind `.prepare()`, with positional internals
      'CallExpression > MemberExpression.callee[property.type="Identifier"][property.name="prepareQuery"]'(node) {
        context.report({ node, messageId: 'internals', data: { what: 'prepareQuery' } });
      },
    };
  },
};
