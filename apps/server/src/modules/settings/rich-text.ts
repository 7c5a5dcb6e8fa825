/**
 * Templates (notices, notifications) are rich text written in the editor and later rendered in
 * e-mails and pages, so they are cleaned when stored (PRODUCT-RULES 17) by the platform's one
 * allow-list (platform/html), the same one alerts use.
 */
export { sanitizeRichText } from '../../platform/html/index';
