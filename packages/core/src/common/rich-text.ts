/**
 * The rich-text allow-list (alerts, notification templates, notices): the one definition of what
 * stored HTML may hold. The server's sanitiser (apps/server platform/html, sanitize-html) cleans
 * rich text to it when it is stored (PRODUCT-RULES 17); the web's renderer
 * (components/rich-text-view.tsx) applies it again before it builds React elements, so HTML that
 * skipped the server still cannot add a script, a handler or a `javascript:` link. Zod-free: the
 * web's shell may import it.
 */

/** Formatting tags kept; any other tag is unwrapped (its text stays). */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote',
  'h1', 'h2', 'h3', 'h4', 'code', 'pre', 'hr', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
] as const;

export type TRichTextTag = (typeof RICH_TEXT_TAGS)[number];

/**
 * Attributes kept, per tag; every other attribute (event handlers, styles, classes) goes. A link
 * always opens in a new tab with `rel="noopener noreferrer"`, whatever the HTML said.
 */
export const RICH_TEXT_ATTRIBUTES: Readonly<Partial<Record<TRichTextTag, readonly string[]>>> = {
  a: ['href', 'title', 'target', 'rel'],
};

/** The URL schemes a link's `href` may use (no `javascript:`, `data:` or protocol-relative links). */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Elements dropped together with everything inside them: their text is code or markup, not content. */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script', 'style', 'template', 'svg', 'math', 'iframe', 'object', 'noscript', 'title', 'textarea', 'select', 'option',
] as const;

/**
 * Whether a link's `href` uses an allowed scheme. Browsers ignore whitespace and control
 * characters inside a scheme (`java\tscript:`), so they are removed before the check.
 */
export function isSafeHref(href: string): boolean {
  const normalised = [...href].filter((c) => c.charCodeAt(0) > 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f)).join('').toLowerCase();
  return RICH_TEXT_LINK_SCHEMES.some((scheme) => normalised.startsWith(`${scheme}:`));
}
