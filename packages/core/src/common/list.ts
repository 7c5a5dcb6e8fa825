import { z } from 'zod';

/** Grid page sizes (spec doc 2 §9). The server caps any response at `MAX_PAGE_SIZE` rows. */
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
export { TOTAL_COUNT_HEADER } from './headers';

/** `?page=&pageSize=&sort=field:asc&q=`; page is 1-based. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*(:(asc|desc))?$/, 'Use field:asc or field:desc')
    .optional(),
  q: z.string().trim().max(200).optional(),
  /** X-Next-Cursor of the page before: the page starts after that row (keyset) instead of at `page`'s offset. */
  after: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export function parseSort(sort: string | undefined): { field: string; direction: 'asc' | 'desc' } | null {
  if (!sort) return null;
  const [field, direction] = sort.split(':');
  return { field: field!, direction: direction === 'desc' ? 'desc' : 'asc' };
}

export const ZId = z.string().uuid('Invalid Id');
export const ZIdParams = z.object({ id: ZId });

export const ZMessage = z.object({ message: z.string() });
