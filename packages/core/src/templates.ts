/**
 * Logic-less templates for notifications and notices: `{{ fieldName }}` is replaced by the
 * record's field, HTML-escaped. There are no sections, partials, helpers or unescaped tags, so a
 * template can never run code or inject markup; anything else between `{{` and `}}` is refused
 * when the template is saved. Zod-free so the web's editor can import it cheaply.
 */
const TAG = /(?<!\{)\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}(?!\})/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The field names a template uses, in order of first use. */
export function templateFieldNames(template: string): string[] {
  return [...new Set([...template.matchAll(TAG)].map((m) => m[1]!))];
}

/**
 * What is wrong with a template for these fields: an unknown field, or a `{{` that is not a plain
 * field tag (`{{{raw}}}`, `{{#section}}`, an unclosed tag). Empty when it is fine.
 */
export function templateProblems(template: string, allowed: readonly string[]): string[] {
  const problems: string[] = [];
  const unknown = templateFieldNames(template).filter((name) => !allowed.includes(name));
  if (unknown.length > 0) problems.push(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  const leftover = template.replace(TAG, '');
  if (leftover.includes('{{') || leftover.includes('}}')) problems.push('Fields are written as {{fieldName}}; nothing else may stand between {{ and }}');
  return problems;
}

/** Renders a template: each `{{field}}` becomes the field's value, escaped; a missing one is empty. */
export function renderTemplate(template: string, fields: Readonly<Record<string, string | number | boolean | null | undefined>>): string {
  return template.replace(TAG, (_tag, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
    return value === null || value === undefined ? '' : escapeHtml(String(value));
  });
}
