/** How Drizzle names columns in SQL, for both drivers (and for `db/prepared.ts`, which renders CTEs once). */
export const DB_CASING = 'snake_case' as const;
