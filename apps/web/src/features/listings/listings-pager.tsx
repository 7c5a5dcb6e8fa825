import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';

type TPagerItem = number | 'start-ellipsis' | 'end-ellipsis';

const range = (start: number, end: number): number[] => (end < start ? [] : Array.from({ length: end - start + 1 }, (_, i) => start + i));

/**
 * The pages to offer: the first and the last, the current one with one neighbour on each side,
 * and an ellipsis for each gap (the same items as MUI's Pagination, boundary 1, siblings 1).
 */
export function pagerItems(page: number, count: number): TPagerItem[] {
  const boundary = 1;
  const siblings = 1;
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const siblingsEnd = Math.min(Math.max(page + siblings, boundary + siblings * 2 + 2), count - boundary - 1);
  return [
    ...startPages,
    ...(siblingsStart > boundary + 2 ? (['start-ellipsis'] as const) : boundary + 1 < count - boundary ? [boundary + 1] : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundary - 1 ? (['end-ellipsis'] as const) : count - boundary > boundary ? [count - boundary] : []),
    ...endPages,
  ];
}

const itemSx = {
  minWidth: 26, height: 26, px: 0.75, borderRadius: 13, fontSize: '0.8125rem', color: 'text.primary',
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-focusVisible': { bgcolor: 'action.focus' },
  '&[aria-current="page"]': { bgcolor: 'action.selected', fontWeight: 600 },
  '&.Mui-disabled': { opacity: 0.38 },
} as const;

/**
 * The listings' page buttons: a nav with previous, the page numbers and next, named like MUI's
 * Pagination ('Go to page 2', 'page 3' for the current one, 'Go to next page'). Our own, on the
 * ButtonBase the shell already has: MUI's Pagination weighed ~4 KB brotli on a public first load.
 */
export function ListingsPager({ page, count, onChange, label }: { page: number; count: number; onChange: (page: number) => void; label: string }) {
  const go = (target: number) => () => {
    if (target !== page && target >= 1 && target <= count) onChange(target);
  };
  return (
    <Box component="nav" aria-label={label}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
        <li>
          <ButtonBase sx={itemSx} aria-label="Go to previous page" disabled={page <= 1} onClick={go(page - 1)}>
            ‹
          </ButtonBase>
        </li>
        {pagerItems(page, count).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <ButtonBase sx={itemSx} aria-label={item === page ? `page ${item}` : `Go to page ${item}`} aria-current={item === page ? 'page' : undefined} onClick={go(item)}>
                {item}
              </ButtonBase>
            </li>
          ) : (
            <Box component="li" key={item} aria-hidden sx={{ minWidth: 26, textAlign: 'center', fontSize: '0.8125rem' }}>
              …
            </Box>
          ),
        )}
        <li>
          <ButtonBase sx={itemSx} aria-label="Go to next page" disabled={page >= count} onClick={go(page + 1)}>
            ›
          </ButtonBase>
        </li>
      </Box>
    </Box>
  );
}
