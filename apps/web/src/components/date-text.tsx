import { formatDate, formatDateTime } from '@apron/core/dates';

/** MM/DD/YYYY (or MM/DD/YYYY HH:mm with `withTime`); 'NA' when there is no date. */
export function DateText({ value, withTime }: { value: string | Date | null | undefined; withTime?: boolean }) {
  const text = withTime ? formatDateTime(value) : formatDate(value);
  const iso = value instanceof Date ? value.toISOString() : (value ?? undefined);
  return text === 'NA' ? <span>NA</span> : <time dateTime={iso}>{text}</time>;
}
