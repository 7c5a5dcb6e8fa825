// Web components never call the API client directly (docs/architecture.md "Web kit", issue 21):
// every call lives in its feature's api.ts (or components/<x>-api.ts for a kit component), next
// to its cache key and its invalidation, so a screen reads like what it shows and a path or a
// key changes in one place. Applied to apps/web's *.tsx files (tests excepted) in eslint.config.js.

/** The module that exports `apiFetch`: `lib/api-client`, from any depth. */
const isApiClient = (source) => typeof source === 'string' && /(^|\/)lib\/api-client(\.[cm]?[jt]s)?$/.test(source);

export const noApiFetchInComponentsRule = {
  meta: {
    type: 'problem',
    docs: { description: "A component calls the API through its feature's api.ts, never apiFetch itself" },
    schema: [],
    messages: {
      apiFetch: "A component does not call apiFetch: put the call in its feature's api.ts (or components/<x>-api.ts for a kit component) and use that.",
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (!isApiClient(node.source.value)) return;
        for (const specifier of node.specifiers) {
          // `import * as client` would reach apiFetch as `client.apiFetch`.
          const named = specifier.type === 'ImportSpecifier' && (specifier.imported.name ?? specifier.imported.value) === 'apiFetch';
          if (named || specifier.type === 'ImportNamespaceSpecifier') context.report({ node: specifier, messageId: 'apiFetch' });
        }
      },
    };
  },
};
