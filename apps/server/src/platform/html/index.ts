/** Rich text: the sanitiser every module stores rich text through (core's `common/rich-text` allow-list), and its text form. */
export { sanitizeRichText, htmlToText, hasVisibleText } from './sanitize';
