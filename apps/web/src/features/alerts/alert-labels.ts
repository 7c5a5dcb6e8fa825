/** The Type column: what produced the alert, in words. */
export const ALERT_TYPE_LABELS: Record<string, string> = {
  contact: 'Contact Us',
  lostcard: 'Lost/Stolen Card',
  notification: 'Notification',
  rule: 'Automatic Notification',
};

export const alertTypeLabel = (kind: string) => ALERT_TYPE_LABELS[kind] ?? kind;
