import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Loader } from './loader';

/** One card: a link to `to` headed by `title`; `details` are the lines under the heading. */
export interface TGridCard {
  key: string;
  to: string;
  title: string;
  details: ReactNode;
  /** A coloured left edge (an asset type's colour). */
  accentColor?: string;
}

/**
 * The usual lines of a master's card: its description, then a summary line (counts, schedule);
 * `summaryVariant` 'caption' for a quieter one.
 */
export function CardDescription({ description, summary, summaryVariant = 'body2' }: { description: string; summary: ReactNode; summaryVariant?: 'body2' | 'caption' }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {description}
      </Typography>
      <Typography variant={summaryVariant} color={summaryVariant === 'caption' ? 'text.secondary' : undefined} sx={summaryVariant === 'caption' ? undefined : { mt: 1 }}>
        {summary}
      </Typography>
    </>
  );
}

/** One column on a phone, two on a tablet, three from a laptop on. */
const RESPONSIVE_COLUMNS = { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' };

export interface TCardGridProps<T> {
  /** The list's accessible name ('Master work orders'). */
  label: string;
  query: UseQueryResult<readonly T[]>;
  toCard: (item: T) => TGridCard;
  /** What an empty list shows (usually a link to the Settings page that adds the first one). */
  empty: ReactNode;
  /** The error line; a function gets the query's error (for the server's own message). */
  errorText: string | ((error: Error) => string);
  loadingText?: string;
  /** CSS grid columns, or one value per breakpoint. */
  columns?: string | Partial<Record<Breakpoint, string>>;
  /** False keeps the loading, error and empty states but draws no cards (the asset page's map view). */
  showCards?: boolean;
}

/**
 * A module's home page body: its records as linked cards in a responsive grid, with the loading,
 * error and empty states. Each card is one link (Tab reaches it, Enter opens it).
 */
export function CardGrid<T>({ label, query, toCard, empty, errorText, loadingText, columns = RESPONSIVE_COLUMNS, showCards = true }: TCardGridProps<T>) {
  return (
    <>
      {query.isPending && <Loader text={loadingText} />}
      {query.isError && <Alert severity="error">{typeof errorText === 'function' ? errorText(query.error) : errorText}</Alert>}
      {query.data?.length === 0 && empty}
      {showCards && query.data && query.data.length > 0 && (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: columns }}>
          {query.data.map((item) => {
            const card = toCard(item);
            return (
              <li key={card.key}>
                <Card variant="outlined" sx={{ height: '100%', ...(card.accentColor && { borderLeft: 6, borderLeftColor: card.accentColor }) }}>
                  <CardActionArea component={RouterLink} to={card.to} sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="h6" component="h2">
                        {card.title}
                      </Typography>
                      {card.details}
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            );
          })}
        </Box>
      )}
    </>
  );
}
