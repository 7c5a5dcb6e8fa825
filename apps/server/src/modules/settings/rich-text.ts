import sanitizeHtml from 'sanitize-html';

/**
 * Templates (notices, notifications) are rich text written in the editor and later rendered in
 * e-mails and pages, so they are cleaned when stored (PRODUCT-RULES 17): an allow-list of
 * formatting tags, links with safe schemes only, no scripts, styles or event handlers.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote',
    'h1', 'h2', 'h3', 'h4', 'code', 'pre', 'hr', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
