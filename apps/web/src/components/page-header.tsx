import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';

export interface TPageHeaderProps {
  title: string;
  /** Where the Back button goes; no Back button when absent. */
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
  subtitle?: ReactNode;
}

/** The page's one h1, an optional Back button and the page actions. */
export function PageHeader({ title, backTo, backLabel = 'Back', actions, subtitle }: TPageHeaderProps) {
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {backTo && (
            <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} size="small">
              {backLabel}
            </Button>
          )}
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Stack>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
