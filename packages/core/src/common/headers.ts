/**
 * List answer headers. Kept apart from the list schemas (zod) so the web shell, which reads
 * them on every grid answer, loads without any schema code.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** Sent as `true` when X-Total-Count stopped at a cap ("1,000+"): more rows match. */
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';
