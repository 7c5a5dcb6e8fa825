import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { isSafeHref, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_TAGS } from '@apron/core/common/rich-text';

/**
 * Shows stored rich text safely. The server sanitised it when it was written (platform/html);
 * here it is parsed again with `DOMParser` (a parsed document runs no scripts and loads nothing)
 * and rebuilt as React elements through the same allow-list (core's `common/rich-text`): its
 * tags, a link's `href` only with an allowed scheme, and its `title`; a link always opens in a new
 * tab. Nothing is ever set with innerHTML, so even HTML that skipped the server's sanitiser
 * cannot add a script, a handler or a `javascript:` link. Text-format messages (the public forms)
 * are shown as text.
 */
const ALLOWED_TAGS: ReadonlySet<string> = new Set(RICH_TEXT_TAGS);
const VOID_TAGS = new Set(['br', 'hr']);
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set(RICH_TEXT_DROPPED_WITH_CONTENT);

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, i) => toReact(child, `${key}.${i}`));
  if (!ALLOWED_TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (VOID_TAGS.has(tag)) return createElement(tag, { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    const title = element.getAttribute('title') ?? undefined;
    return isSafeHref(href)
      ? createElement('a', { key, href, title, target: '_blank', rel: 'noopener noreferrer' }, ...children)
      : createElement('span', { key }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** The React tree of some HTML through the allow-list (exported for the print view and tests). */
export function richTextNodes(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, (child, i) => toReact(child, String(i)));
}

export interface RichTextViewProps {
  value: string;
  /** `text`: show as plain text with its line breaks (never parsed as HTML). */
  format?: 'html' | 'text';
  id?: string;
}

export function RichTextView({ value, format = 'html', id }: RichTextViewProps) {
  const nodes = useMemo(() => (format === 'html' ? richTextNodes(value) : value), [value, format]);
  return (
    <Box
      id={id}
      className="rich-text"
      sx={{
        overflowWrap: 'anywhere',
        whiteSpace: format === 'text' ? 'pre-wrap' : undefined,
        '& p': { my: 1 },
        '& h1, & h2, & h3, & h4': { mt: 2, mb: 1 },
        '& ul, & ol': { pl: 3 },
        '& table': { borderCollapse: 'collapse' },
        '& td, & th': { border: 1, borderColor: 'divider', p: 0.5 },
      }}
    >
      {nodes}
    </Box>
  );
}
