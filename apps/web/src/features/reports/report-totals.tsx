import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney, toCents } from '@apron/core/money';

/** Dollars from the API shown as `$1,234.50` (the cents are formatted, never the float). */
export const reportMoney = (value: number) => formatMoney(toCents(value));

/**
 * A labelled band of term and value pairs under a report grid (the billing and collection report's
 * totals, the GASB 87 reports' totals, a lease's figures): a caption, then a definition list so a
 * screen reader reads each amount with its name.
 */
export function ReportTotals({ label, caption, items }: { label: string; caption?: string; items: readonly (readonly [string, string])[] }) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
      {caption && <Typography sx={{ fontWeight: 700 }}>{caption}</Typography>}
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {items.map(([term, value]) => (
          <Box key={term} sx={{ display: 'flex', gap: 0.5 }}>
            <Typography component="dt" color="text.secondary">
              {term}:
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
