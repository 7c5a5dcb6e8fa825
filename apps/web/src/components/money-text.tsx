import { formatMoney, toCents } from '@apron/core/money';

/** `$1,234.50` from dollars (as the API carries them) or from cents. */
export function MoneyText({ dollars, cents }: { dollars?: number | null; cents?: number | null }) {
  const value = cents ?? (dollars === null || dollars === undefined ? null : toCents(dollars));
  return <span>{value === null ? 'NA' : formatMoney(value)}</span>;
}
