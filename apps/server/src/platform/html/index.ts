/** Rich text: the allow-list sanitiser every module stores rich text through, and its text form. */
export { sanitizeRichText, htmlToText, hasVisibleText, RICH_TEXT_TAGS } from './sanitize';
