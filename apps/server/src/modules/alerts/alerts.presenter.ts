import type { TAlertItem } from '@apron/core';
import type { RecipientAlert } from './alerts.repo';

/** Rich-text kinds carry sanitised HTML; the public forms carry plain text. */
const HTML_KINDS = new Set(['notification', 'rule']);

export function presentAlert(row: RecipientAlert): TAlertItem {
  return {
    _id: row.id,
    subject: row.subject,
    message: row.body,
    kind: row.kind,
    format: HTML_KINDS.has(row.kind) ? 'html' : 'text',
    createdAt: row.createdAt.toISOString(),
    isNew: row.isNew,
  };
}
