import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from '@apron/core/common/rich-text';

/**
 * Rich text (alerts, notification templates, notices) is cleaned when it is stored
 * (PRODUCT-RULES 17) with sanitize-html, which parses with htmlparser2 and needs no DOM, to the
 * allow-list of core's `common/rich-text` (formatting tags, links with http(s)/mailto only, no
 * scripts, styles, SVG, iframes or event handlers). What a browser later receives is this output;
 * the web's renderer applies the same allow-list again before it builds elements
 * (components/rich-text-view.tsx).
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Word's paste brings <o:p>, <font>, <style>, comments: the text stays, the wrappers go; a
  // script's or style's text goes with it.
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|tr|table|ul|ol)>|<br\s*\/?>|<hr\s*\/?>/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The plain-text part of an e-mail (and the check that a body is not blank): blocks become lines. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(BLOCK_END, (tag) => `${tag}\n`);
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'svg', 'title'] });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether sanitised rich text shows anything (`<p></p>` and spaces are blank). */
export function hasVisibleText(html: string): boolean {
  return htmlToText(html).length > 0;
}
