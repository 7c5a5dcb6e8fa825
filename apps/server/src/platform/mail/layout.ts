import { escapeHtml } from '@apron/core/templates';
import type { Letterhead } from '../tenancy/index';

/** The content id of the logo in an e-mail: the image travels inside the message (no remote image to block or track). */
export const LOGO_CONTENT_ID = 'airport-logo@apron';

export interface LetterheadMail {
  html: string;
  logo: { filename: string; contentType: string; content: Buffer; cid: string; contentDisposition: 'inline' };
}

/** A text e-mail as HTML: its paragraphs (blank-line separated) with their line breaks. */
function textAsHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The e-mail layout of an airport with a logo (docs/airports.md, "Logo"): the logo on top, then
 * the message (its HTML, or its text as paragraphs); the text part stays as written. An airport
 * without a logo sends its e-mail as before (null: no layout).
 */
export function withLetterhead(mail: { text: string; html: string | null }, letterhead: Letterhead): LetterheadMail | null {
  if (!letterhead.logo) return null;
  const head = `<div style="padding:0 0 12px;border-bottom:1px solid #dddddd"><img src="cid:${LOGO_CONTENT_ID}" alt="${escapeHtml(letterhead.name)}" style="max-height:56px;max-width:240px"></div>`;
  return {
    html: `<div style="font-family:Arial,Helvetica,sans-serif;max-width:640px">${head}<div style="padding-top:12px">${mail.html ?? textAsHtml(mail.text)}</div></div>`,
    logo: { filename: 'logo.png', contentType: 'image/png', content: letterhead.logo, cid: LOGO_CONTENT_ID, contentDisposition: 'inline' },
  };
}
