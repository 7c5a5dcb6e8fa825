/**
 * List answer headers. Kept apart from the list schemas (zod) so the web shell, which reads
 * them on every grid answer, loads without any schema code.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** Sent as `true` when X-Total-Count stopped at a cap ("1,000+"): more rows match. */
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';
/**
 * Sent as `true` when more rows match than a grid counts exactly (`GRID_EXACT_COUNT_UP_TO`):
 * X-Total-Count is then the database's estimate, at least the limit + 1.
 */
export const TOTAL_COUNT_ESTIMATED_HEADER = 'x-total-count-estimated';
/**
 * `true` or `false`: whether a row exists after the page asked for. Counted, never estimated, so a
 * grid whose total is an estimate pages on this (Next) instead of the total.
 */
export const HAS_NEXT_PAGE_HEADER = 'x-has-next-page';
/** Grids count matching rows exactly up to this many; above it they estimate. */
export const GRID_EXACT_COUNT_UP_TO = 1_000;
/**
 * The cursor of a page's last row (opaque). Sent back as `?after=` it asks for the page that follows
 * that row by keyset (no OFFSET), so a deep page costs what the first does (issue 20 §1).
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
